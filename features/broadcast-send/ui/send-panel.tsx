"use client";
// The composer's way out: what is still missing (each item jumps to its fix), a test to a few addresses, a schedule
// (or its cancellation), and Send now with a confirmation that states how many contacts it goes to (and, for an A/B
// test, how many get each variant now and what the rest get).
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { ComposerDraft } from "@/lib/composer/draft";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { checkSendAction } from "../actions/send-actions";
import { forbiddenMessage } from "@/lib/permissions";
import type { MergeTagOption } from "@/lib/email-content/draft-merge-tags";
import { mergeTagsWithoutFallback } from "@/lib/email-content/draft-merge-tags";
import {
  blockingReason,
  buildChecklist,
  draftAudienceGap,
  sameAudience,
  type ChecklistItem,
  type FixSection,
  type FixTarget,
} from "../model/checklist";
import { ScheduleDialog, scheduleSummary } from "./schedule-dialog";
import { sendNowDescription } from "../model/send-summary";
import { TestSendDialog } from "./test-send-dialog";
import { useLocalZone } from "./use-local-zone";
import { useMissingMergeValues } from "./use-missing-merge-values";
import { useSendingDomains } from "./use-sending-domains";
import { toReadiness, useCancelSchedule, useReadiness, useSendNow, useStoreReadiness } from "./use-send-actions";
import { useCan } from "@/components/permissions/role-context";

export type SendPanelProps = {
  workspaceId: string;
  /** The broadcast as last saved (the server's checks and moves act on that). */
  broadcast: Broadcast;
  draft: ComposerDraft;
  /** Saves the draft now: the stored broadcast, or null when nothing needed saving (or the save failed). */
  saveNow: () => Promise<Broadcast | null>;
  onFix: (target: FixTarget) => void;
  defaultTestEmail: string;
  /** The workspace's custom fields, to name a merge tag in a warning as its menu does. */
  mergeTags?: MergeTagOption[];
  /** The record after a schedule or its cancellation (new status and updatedAt), for the composer to adopt. */
  onBroadcastChange?: (broadcast: Broadcast) => void;
  /** A move was refused (often a 409: it changed elsewhere): the composer reads the server's state again. */
  onMoveRefused?: () => void;
};

type Open = null | "test" | "schedule" | "cancel" | { send: number; saved: Broadcast };
const CONTENT_KEYS = new Set(["subject", "sender", "content"]);
const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? "" : "s"}`;

export function SendPanel(props: SendPanelProps) {
  const canSend = useCan("broadcasts.send");
  const { workspaceId, broadcast, draft, saveNow, onFix, defaultTestEmail, onBroadcastChange, onMoveRefused } = props;
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [preparing, setPreparing] = useState(false);
  const readiness = useReadiness(workspaceId, broadcast);
  const storeReadiness = useStoreReadiness(workspaceId);
  const cancel = useCancelSchedule(workspaceId);
  const send = useSendNow(workspaceId);
  const userZone = useLocalZone();

  const mergeCounts = useMissingMergeValues(
    workspaceId,
    {
      audienceType: draft.audienceType,
      audienceFilter: draft.audienceFilter,
      broadcastId: broadcast.id,
      keys: mergeTagsWithoutFallback(draft).map((use) => use.key),
    },
    draftAudienceGap(draft) === undefined,
  );
  const sendingDomains = useSendingDomains(workspaceId);
  const items = buildChecklist(
    draft,
    readiness.data ?? { kind: "unknown" },
    sameAudience(draft, broadcast),
    { counts: mergeCounts, labels: props.mergeTags },
    sendingDomains,
  );
  const reason = blockingReason(items);
  const testReason = blockingReason(items.filter((i) => CONTENT_KEYS.has(i.key)));
  const close = () => setOpen(null);
  // The composer's saveNow answers the stored broadcast (just saved, or already current), or null when the save
  // failed: then nothing is tested, scheduled or sent, and the composer's header says why it was not saved.
  const saveFirst = saveNow;
  const adopt = (b: Broadcast) => onBroadcastChange?.(b);

  // Save what is on screen, then ask the server the audience size (or what is missing) right before confirming.
  const prepareSend = async () => {
    setPreparing(true);
    try {
      const saved = await saveFirst();
      if (!saved) {
        toast.error("Your latest changes are not saved yet: fix what the header says, then try again.");
        return;
      }
      const result = await checkSendAction({ id: saved.id });
      const answer = toReadiness(result);
      storeReadiness(saved, answer);
      if (answer.kind === "ready") setOpen({ send: answer.recipientCount, saved });
      else toast.error("Not ready to send: see the checklist.");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPreparing(false);
    }
  };

  const confirmSend = () =>
    send.mutate(broadcast.id, {
      onSuccess: (accepted) => {
        toast.success(accepted.message);
        router.push(`/broadcasts/${broadcast.id}`);
      },
      onError: () => onMoveRefused?.(),
    });

  const confirmCancel = () =>
    cancel.mutate(broadcast.id, {
      onSuccess: (b) => (adopt(b), close(), toast.success("Schedule cancelled: the broadcast is a draft again.")),
      onError: (e) => (close(), toast.error(errorMessage(e)), onMoveRefused?.()),
    });

  const scheduled = broadcast.status === "scheduled";
  return (
    <section aria-labelledby="send-panel-title" data-testid="send-panel" className="space-y-4">
      <h2 id="send-panel-title" className="text-sm font-semibold text-slate-900">
        Send
      </h2>
      {scheduled && (
        <Notice tone="info">
          Scheduled for <strong data-testid="scheduled-for">{scheduleSummary(broadcast, userZone)}</strong>. Edits are
          saved into the scheduled broadcast.
        </Notice>
      )}
      <div>
        <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Before sending</h3>
        <ul className="space-y-1" data-testid="send-checklist">
          {items.map((item) => (
            <ChecklistRow key={item.key} item={item} onFix={onFix} readiness={readiness.data} />
          ))}
        </ul>
        {readiness.isError && (
          <Notice tone="error" className="mt-2">
            Could not check the broadcast: {errorMessage(readiness.error)}{" "}
            <button type="button" className="font-medium underline" onClick={() => readiness.refetch()}>
              Check again
            </button>
          </Notice>
        )}
      </div>

      <div className="flex flex-col gap-2">
        {canSend ? (
          <>
            <Button
              onClick={prepareSend}
              loading={preparing}
              disabled={reason !== null}
              aria-describedby={reason ? "send-blocked-reason" : undefined}
            >
              Send now
            </Button>
            <Button
              variant="secondary"
              onClick={() => setOpen("schedule")}
              disabled={reason !== null}
              aria-describedby={reason ? "send-blocked-reason" : undefined}
            >
              {scheduled ? "Change schedule" : "Schedule…"}
            </Button>
            {scheduled && (
              <Button variant="secondary" onClick={() => setOpen("cancel")}>
                Cancel schedule
              </Button>
            )}
          </>
        ) : (
          <p className="text-[13px] text-slate-600" data-testid="send-not-allowed">
            {forbiddenMessage("broadcasts.send", "when it is ready")}
          </p>
        )}
        <Button
          variant="ghost"
          onClick={() => setOpen("test")}
          disabled={testReason !== null}
          aria-describedby={testReason ? "test-blocked-reason" : undefined}
        >
          Send a test…
        </Button>
        {canSend && reason && (
          <p id="send-blocked-reason" className="text-[13px] text-slate-500">
            {reason}
          </p>
        )}
        {testReason && (
          <p id="test-blocked-reason" className="sr-only">
            {`A test needs the ${testReason.replace(/^Before sending: /, "")}`}
          </p>
        )}
      </div>

      <TestSendDialog
        open={open === "test"}
        onClose={close}
        draft={draft}
        defaultEmail={defaultTestEmail}
        saveNow={saveFirst}
      />
      <ScheduleDialog
        open={open === "schedule"}
        onClose={close}
        broadcast={broadcast}
        saveNow={saveFirst}
        onScheduled={adopt}
        onRefused={() => onMoveRefused?.()}
      />
      <ConfirmDialog
        open={open === "cancel"}
        onClose={close}
        onConfirm={confirmCancel}
        pending={cancel.isPending}
        title="Cancel the schedule?"
        description="The broadcast goes back to draft and nothing is sent. You can schedule or send it again later."
        confirmLabel="Cancel schedule"
      />
      <ConfirmDialog
        open={typeof open === "object" && open !== null}
        onClose={() => (send.reset(), close())}
        onConfirm={confirmSend}
        pending={send.isPending}
        error={send.isError ? errorMessage(send.error) : undefined}
        title={`Send “${draft.name}” now?`}
        description={typeof open === "object" && open ? sendNowDescription(open.send, open.saved, scheduled) : ""}
        confirmLabel={typeof open === "object" && open ? `Send to ${plural(open.send, "recipient")}` : "Send"}
      />
    </section>
  );
}

type ChecklistRowProps = {
  item: ChecklistItem;
  onFix: (target: FixTarget) => void;
  readiness: ReturnType<typeof useReadiness>["data"];
};

function ChecklistRow({ item, onFix, readiness }: ChecklistRowProps) {
  const icon =
    item.state === "ok" ? (
      <CheckIcon className="size-4 shrink-0 text-emerald-600" aria-hidden />
    ) : item.state === "checking" ? (
      <Spinner className="size-4 shrink-0 text-slate-400" />
    ) : (
      // Red for what blocks the send, amber for what only deserves a look.
      <AlertIcon
        className={clsx("size-4 shrink-0", item.state === "missing" ? "text-red-600" : "text-amber-600")}
        aria-hidden
      />
    );
  const status = { ok: "done", checking: "checking", missing: "missing", warning: "warning, does not stop the send" }[
    item.state
  ];
  const okDetail =
    item.key === "audience" && item.state === "ok" && readiness?.kind === "ready"
      ? plural(readiness.recipientCount, "subscribed contact")
      : undefined;
  const body = (
    <>
      {icon}
      <span className="min-w-0">
        <span className="font-medium text-slate-800">{item.label}</span>
        <span className="sr-only">: {status}</span>
        {(item.detail ?? okDetail) && (
          <span className="block text-[13px] text-slate-500">{item.detail ?? okDetail}</span>
        )}
      </span>
    </>
  );
  const rowClasses = "flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left text-sm";
  const actionable = clsx(rowClasses, "hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600");
  return (
    <li data-testid={`checklist-${item.key}`} data-state={item.state}>
      {item.state !== "missing" && item.state !== "warning" ? (
        <div className={rowClasses}>{body}</div>
      ) : item.key === "postalAddress" ? (
        <Link href="/settings/workspace" className={actionable}>
          {body}
        </Link>
      ) : item.key === "fromDomain" ? (
        <Link href="/settings/sending-domains" className={actionable}>
          {body}
        </Link>
      ) : (
        <button type="button" className={actionable} onClick={() => onFix(item.fix ?? (item.key as FixSection))}>
          {body}
        </button>
      )}
    </li>
  );
}
