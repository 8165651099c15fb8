"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { BroadcastAnalytics, BroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { ClicksByDevice, DeliveryFunnel, KeyNumbers, TopLinks } from "@/components/broadcasts/analytics-panels";
import { EmailFrame } from "@/components/broadcasts/email-frame";
import { EngagementChart } from "@/components/broadcasts/engagement-chart";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SendIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { getBroadcastAction } from "../../actions";
import { MissingPiecesDialog } from "./missing-pieces-dialog";
import { SendProgress } from "./send-progress";
import { TestSendDialog } from "./test-send-dialog";
import { useCancelSchedule, useCheckSend, useSendBroadcast, useSetSendingPaused } from "./use-broadcast-actions";

/** While sending the bar moves every 2 s; afterwards opens and clicks still arrive, less urgently. */
const SENDING_REFRESH_MS = 2_000;
const LATER_REFRESH_MS = 15_000;

/** Stats and analytics once sending has started (before that there is nothing to count). */
export type BroadcastPageData = {
  broadcast: Broadcast;
  stats: BroadcastStatsBody | null;
  analytics: BroadcastAnalytics | null;
};
type Preview = { subject: string; html: string; text: string } | null;
type Open =
  | { kind: "send"; recipientCount: number }
  | { kind: "cancel" }
  | { kind: "pause" }
  | { kind: "resume" }
  | { kind: "test" };

export function BroadcastView({
  workspaceId,
  initial,
  preview,
  testEmail,
}: {
  workspaceId: string;
  initial: BroadcastPageData;
  preview: Preview;
  /** The signed-in user's address, offered for test sends. */
  testEmail: string;
}) {
  const toast = useToast();
  const [open, setOpen] = useState<Open | null>(null);
  const query = useQuery({
    queryKey: queryKeys.broadcasts.detail(workspaceId, initial.broadcast.id),
    queryFn: async () => unwrap(await getBroadcastAction({ id: initial.broadcast.id })),
    initialData: initial,
    refetchInterval: (q) => {
      const status = q.state.data?.broadcast.status;
      return status === "sending" ? SENDING_REFRESH_MS : status === "draft" ? false : LATER_REFRESH_MS;
    },
  });
  const { broadcast: b, stats, analytics } = query.data ?? initial;
  const check = useCheckSend();
  const send = useSendBroadcast(workspaceId);
  const cancel = useCancelSchedule(workspaceId);
  const pause = useSetSendingPaused(workspaceId);
  const close = () => setOpen(null);

  const startSend = () => {
    send.reset();
    check.mutate(b.id, { onSuccess: ({ recipientCount }) => setOpen({ kind: "send", recipientCount }) });
  };
  const confirmSend = () =>
    send.mutate(b.id, {
      onSuccess: (accepted) => (close(), toast.success(accepted.message)),
    });
  const confirmCancel = () =>
    cancel.mutate(b.id, {
      onSuccess: () => (close(), toast.success("Schedule cancelled: the broadcast is a draft again.")),
      onError: (e) => (close(), toast.error(errorMessage(e))),
    });
  const confirmPause = (paused: boolean) =>
    pause.mutate(
      { id: b.id, paused },
      {
        onSuccess: () => (close(), toast.success(paused ? "Sending paused." : "Sending resumed.")),
        onError: (e) => (close(), toast.error(errorMessage(e))),
      },
    );

  const canSend = b.status === "draft" || b.status === "scheduled";
  return (
    <>
      <BackLink href="/broadcasts">Broadcasts</BackLink>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words text-slate-900">{b.name}</h1>
            <BroadcastStatusBadge status={b.status} paused={b.paused} />
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {b.subject ? <>“{b.subject}”</> : "No subject yet"}
            {b.fromEmail && <> · from {b.fromName ? `${b.fromName} <${b.fromEmail}>` : b.fromEmail}</>}
            {" · "}
            {audienceText(b)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {preview && (
            <Button variant="secondary" onClick={() => setOpen({ kind: "test" })}>
              Send test
            </Button>
          )}
          {b.status === "scheduled" && (
            <Button variant="secondary" onClick={() => (cancel.reset(), setOpen({ kind: "cancel" }))}>
              Cancel schedule
            </Button>
          )}
          {canSend && (
            <Button onClick={startSend} loading={check.isPending}>
              <SendIcon />
              Send now
            </Button>
          )}
          {b.status === "sending" && !b.paused && (
            <Button variant="secondary" onClick={() => setOpen({ kind: "pause" })}>
              Pause sending
            </Button>
          )}
          {b.status === "sending" && b.paused && (
            <Button onClick={() => setOpen({ kind: "resume" })}>Resume sending</Button>
          )}
        </div>
      </div>

      <QueryErrorNotice query={query} />
      {b.status === "scheduled" && b.scheduledAt && (
        <Notice className="mb-6">
          {b.timezoneMode === "subscriber" ? (
            <>
              Goes out on {b.localDate} at {b.localTime} in each contact&apos;s own time zone, starting{" "}
              <RelativeTime iso={b.scheduledAt} /> in the earliest zone.
            </>
          ) : (
            <>
              Goes out <RelativeTime iso={b.scheduledAt} />.
            </>
          )}
        </Notice>
      )}
      {b.status === "sending" && <SendProgress broadcast={b} />}
      {b.status === "sent" && b.sentAt && (
        <p className="mb-4 text-sm text-slate-500">
          Sent to {formatNumber(b.sentCount)} recipient{b.sentCount === 1 ? "" : "s"}, finished{" "}
          <RelativeTime iso={b.sentAt} />.
        </p>
      )}

      {stats && analytics && (
        <div className="mb-6 space-y-6">
          <KeyNumbers stats={stats} />
          <Card className="min-w-0">
            <CardHeader title="Engagement over time" description="Human opens and clicks by hour after sending." />
            {analytics.engagementOverTime.some((p) => p.opens + p.clicks > 0) ? (
              <div className="px-5 py-4">
                <EngagementChart points={analytics.engagementOverTime} />
              </div>
            ) : (
              <p className="px-5 py-8 text-center text-[13px] text-slate-500">No opens or clicks yet.</p>
            )}
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <DeliveryFunnel funnel={analytics.deliveryFunnel} />
            <ClicksByDevice devices={analytics.clicksByDevice} />
          </div>
          <TopLinks links={analytics.topLinks} />
        </div>
      )}

      <Card className="min-w-0">
        <CardHeader
          title="Preview"
          description="As a sample contact sees it, with the links as written (no tracking)."
        />
        {preview ? (
          <>
            <p className="border-b border-slate-200 px-5 py-2.5 text-[13px] text-slate-600">
              <span className="text-slate-400">Subject:</span> {preview.subject || "(none)"}
            </p>
            <EmailFrame html={preview.html} title={`Preview of ${b.name}`} />
          </>
        ) : (
          <p className="px-5 py-8 text-center text-sm text-slate-500">No content to preview yet.</p>
        )}
      </Card>

      <TestSendDialog broadcastId={b.id} defaultEmail={testEmail} open={open?.kind === "test"} onClose={close} />
      <MissingPiecesDialog error={check.error ?? send.error} onClose={() => (check.reset(), send.reset())} />
      <ConfirmDialog
        open={open?.kind === "send" && !send.isError}
        onClose={close}
        onConfirm={confirmSend}
        pending={send.isPending}
        title={`Send “${b.name}” now?`}
        description={
          open?.kind === "send"
            ? `It goes to ${formatNumber(open.recipientCount)} subscribed contact${open.recipientCount === 1 ? "" : "s"}${b.status === "scheduled" ? " now instead of at its scheduled time" : ""}. A sent email cannot be called back; you can pause the send while it runs.`
            : ""
        }
        confirmLabel={
          open?.kind === "send"
            ? `Send to ${formatNumber(open.recipientCount)} recipient${open.recipientCount === 1 ? "" : "s"}`
            : "Send"
        }
      />
      <ConfirmDialog
        open={open?.kind === "cancel"}
        onClose={close}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
        title="Cancel the schedule?"
        description="The broadcast goes back to draft and nothing is sent. You can schedule or send it again later."
        confirmLabel="Cancel schedule"
      />
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
    </>
  );
}

function audienceText(b: Broadcast): string {
  const ids = (key: string) => {
    const v = b.audienceFilter[key];
    return Array.isArray(v) ? v.length : 0;
  };
  if (b.resendOfId) return "non-openers of an earlier broadcast";
  if (b.audienceType === "segments") {
    const n = ids("segmentIds");
    const excluded = ids("excludeSegmentIds");
    return `${n} segment${n === 1 ? "" : "s"}${excluded ? ` minus ${excluded}` : ""}`;
  }
  if (b.audienceType === "tags") {
    const n = ids("tagIds");
    return `contacts with any of ${n} tag${n === 1 ? "" : "s"}`;
  }
  return "all subscribed contacts";
}
