"use client";
// The broadcast report (sending and sent broadcasts; drafts and scheduled ones open in the composer): header, live
// progress while sending, figures, the A/B comparison, charts, top links, the recipients (who did what; a top
// link's "Who clicked" filters them) and the email as sent. Everything that moves is polled: every 2 s while sending, then every 30 s (opens and clicks keep arriving for days).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ChartsReadyProvider, useChartsReady } from "@/components/broadcasts/analytics/charts-ready";
import { BroadcastActionsMenu } from "@/features/broadcast-send/ui/broadcast-actions-menu";
import { KeyFigures } from "@/components/broadcasts/analytics/key-figures";
import { labelOf, VariantsTable } from "@/components/broadcasts/analytics/variants-table";
import { RecipientsCard } from "./recipients-card";
import { SuppressedFigure } from "./suppressed-figure";
import { EmailFrame } from "@/components/broadcasts/email-frame";
import { BackLink } from "@/components/ui/back-link";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { getBroadcastReportAction, previewBroadcastAction } from "../../analytics-actions";
import type { BroadcastPageData } from "../../_lib/load-broadcast";
import { REPORT_CHARTS, ReportCharts } from "./report-charts";
import { ReportHeader } from "./report-header";
import { SendProgress } from "./send-progress";
import { useChooseWinner, useSetSendingPaused } from "./use-broadcast-actions";

const SENDING_REFRESH_MS = 2_000;
const LATER_REFRESH_MS = 30_000;

type Open = { kind: "pause" } | { kind: "resume" } | { kind: "winner"; variantId: string };

export function ReportView({ workspaceId, initial }: { workspaceId: string; initial: BroadcastPageData }) {
  const toast = useToast();
  const [open, setOpen] = useState<Open | null>(null);
  const [clickersOf, setClickersOf] = useState<string | null>(null);
  const query = useQuery({
    queryKey: queryKeys.broadcasts.detail(workspaceId, initial.broadcast.id),
    queryFn: async () => unwrap(await getBroadcastReportAction({ id: initial.broadcast.id })),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.broadcast.status === "sending" ? SENDING_REFRESH_MS : LATER_REFRESH_MS),
  });
  const { broadcast: b, stats, analytics, variants, suppressed } = query.data ?? initial;
  const charts = useChartsReady(analytics ? REPORT_CHARTS : []);
  // The sent email does not change: fetched once, after the charts drew (they are what the marketer came for).
  const preview = useQuery({
    queryKey: [...queryKeys.broadcasts.detail(workspaceId, b.id), "preview"],
    queryFn: async () => unwrap(await previewBroadcastAction({ id: b.id })),
    enabled: charts.ready,
    staleTime: Infinity,
  });
  const pause = useSetSendingPaused(workspaceId);
  const winner = useChooseWinner(workspaceId);
  const close = () => setOpen(null);

  const confirmPause = (paused: boolean) =>
    pause.mutate(
      { id: b.id, paused },
      {
        onSuccess: () => (close(), toast.success(paused ? "Sending paused." : "Sending resumed.")),
        onError: (e) => (close(), toast.error(errorMessage(e))),
      },
    );
  const picked = open?.kind === "winner" && variants ? labelOf(variants, open.variantId) : "";
  const confirmWinner = () => {
    if (open?.kind !== "winner") return;
    winner.mutate(
      { id: b.id, variantId: open.variantId },
      {
        onSuccess: () => (close(), toast.success(`Variant ${picked} is the winner.`)),
        onError: (e) => (close(), toast.error(errorMessage(e))),
      },
    );
  };

  return (
    <div data-testid="broadcast-report" data-charts-ready={charts.ready ? "true" : "false"}>
      <BackLink href="/broadcasts">Broadcasts</BackLink>
      <ReportHeader
        broadcast={b}
        onPause={() => setOpen({ kind: "pause" })}
        onResume={() => setOpen({ kind: "resume" })}
        menu={<BroadcastActionsMenu workspaceId={workspaceId} broadcast={b} />}
      />
      <QueryErrorNotice query={query} />
      {b.status === "sending" && <SendProgress broadcast={b} />}
      {b.status === "sent" && b.sentAt && (
        <p className="mb-4 text-sm text-slate-500">
          Sent to {formatNumber(b.sentCount)} recipient{b.sentCount === 1 ? "" : "s"}, finished{" "}
          <RelativeTime iso={b.sentAt} />.
        </p>
      )}

      <ChartsReadyProvider markDrawn={charts.markDrawn}>
        <div className="mb-6 space-y-6">
          {stats && <KeyFigures stats={stats} />}
          {suppressed && <SuppressedFigure counts={suppressed} />}
          {variants && (
            <Card className="min-w-0">
              <CardHeader
                title="A/B test"
                description="Each variant's results among the test group; the winner's send to the rest on its own row."
              />
              <VariantsTable
                stats={variants}
                canPick={!winner.isPending}
                onPick={(variantId) => (winner.reset(), setOpen({ kind: "winner", variantId }))}
              />
            </Card>
          )}
          {analytics && (
            <ReportCharts
              analytics={analytics}
              onShowClickers={(url) => {
                setClickersOf(url);
                document.getElementById("report-recipients")?.scrollIntoView({ behavior: "smooth", block: "start" });
              }}
            />
          )}
        </div>
      </ChartsReadyProvider>

      <div id="report-recipients" className="mb-6 scroll-mt-4">
        <RecipientsCard
          workspaceId={workspaceId}
          broadcastId={b.id}
          url={clickersOf}
          onClearUrl={() => setClickersOf(null)}
          variantLabel={variants ? (id) => labelOf(variants, id) : null}
        />
      </div>

      <details open className="group rounded-lg border border-slate-200 bg-white shadow-xs">
        <summary className="cursor-pointer rounded-lg px-5 py-4 focus-visible:outline-2 focus-visible:outline-brand-600">
          <h2 className="inline text-sm font-semibold text-slate-900">Email as sent</h2>
          <span className="ml-2 text-[13px] text-slate-500">
            With a sample contact&apos;s merge values and the links as written (no tracking).
          </span>
        </summary>
        <EmailPreview name={b.name} preview={preview.data} pending={preview.isPending} failed={preview.isError} />
      </details>

      <ConfirmDialog
        open={open?.kind === "pause" || open?.kind === "resume"}
        onClose={close}
        onConfirm={() => confirmPause(open?.kind === "pause")}
        pending={pause.isPending}
        title={open?.kind === "pause" ? "Pause sending?" : "Resume sending?"}
        description={
          open?.kind === "pause"
            ? "No new emails leave until you resume. Batches already handed to the provider still arrive."
            : "Sending carries on where it stopped. Nobody receives the email twice."
        }
        confirmLabel={open?.kind === "pause" ? "Pause sending" : "Resume sending"}
      />
      <ConfirmDialog
        open={open?.kind === "winner"}
        onClose={close}
        onConfirm={confirmWinner}
        pending={winner.isPending}
        title={`Pick variant ${picked} as the winner?`}
        description={
          variants && variants.held > 0
            ? `The ${formatNumber(variants.held)} recipients waiting for the winner get variant ${picked}. This cannot be undone.`
            : `Variant ${picked} is recorded as the winner, and anyone still waiting gets it. This cannot be undone.`
        }
        confirmLabel={`Pick variant ${picked}`}
      />
    </div>
  );
}

function EmailPreview({
  name,
  preview,
  pending,
  failed,
}: {
  name: string;
  preview: { subject: string; html: string } | null | undefined;
  pending: boolean;
  failed: boolean;
}) {
  if (preview) {
    return (
      <div className="border-t border-slate-200">
        <p className="border-b border-slate-200 px-5 py-2.5 text-[13px] text-slate-600">
          <span className="text-slate-500">Subject:</span> {preview.subject || "(none)"}
        </p>
        <EmailFrame html={preview.html} title={`Preview of ${name}`} />
      </div>
    );
  }
  return (
    <p className="flex items-center justify-center gap-2 border-t border-slate-200 px-5 py-8 text-sm text-slate-500">
      {pending && !failed ? (
        <>
          <Spinner /> Rendering the email…
        </>
      ) : (
        "This email cannot be previewed."
      )}
    </p>
  );
}
