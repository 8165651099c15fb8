"use client";
// The broadcast composer: palette, email canvas and a settings panel, with undo/redo, autosave under an optimistic
// lock, a live preview by the sending renderer, and the send flow. On large screens it fills the area beside the
// dashboard's sidebar; on small ones the parts stack.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { draftOf } from "@/lib/composer/draft";
import { BroadcastStatusBadge } from "@/components/broadcasts/status-badge";
import { BroadcastActionsMenu } from "@/features/broadcast-send/ui/broadcast-actions-menu";
import { SendPanel } from "@/features/broadcast-send/ui/send-panel";
import type { FixTarget } from "@/features/broadcast-send/model/checklist";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, RedoIcon, UndoIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { saveDraftAction, previewDraftAction } from "../actions/composer-actions";
import { getBroadcastAction } from "../actions/composer-actions";
import { unwrap } from "@/lib/action-result";
import { Canvas, MergeTagsContext } from "./canvas";
import { ComposerDnd } from "./composer-dnd";
import { splitDraftErrors, NO_ERRORS } from "../model/draft-errors";
import { Palette } from "./palette";
import { PreviewPane } from "./preview-pane";
import { SaveStatus } from "./save-status";
import { SettingsSidebar, type PanelId } from "./settings-sidebar";
import { blockFieldId } from "./blocks/fields";
import { AUDIENCE_INPUT_ID } from "./panels/audience-picker";
import { FROM_EMAIL_INPUT_ID, PREVIEW_TEXT_INPUT_ID, SUBJECT_INPUT_ID } from "./panels/email-settings";
import { useAutosave } from "./use-autosave";
import { useComposerState, type BlockActions } from "./use-composer-state";
import { useHydrated } from "@/lib/use-hydrated";
import { useLeaveGuard } from "@/lib/use-leave-guard";

export type ComposerProps = {
  workspaceId: string;
  initial: Broadcast;
  senderDefaults: { fromName: string | null; fromEmail: string | null };
  segments: Segment[];
  tags: Tag[];
  mergeTags: { key: string; label: string }[];
  defaultTestEmail: string;
};

export function Composer(props: ComposerProps) {
  const { workspaceId, initial } = props;
  const router = useRouter();
  const state = useComposerState(draftOf(initial));
  const { draft, selectedId } = state;
  const [broadcast, setBroadcast] = useState(initial);
  const [mode, setMode] = useState<"edit" | "preview">("edit");
  const [panel, setPanel] = useState<PanelId>("email");
  const ready = useHydrated();
  const rootRef = useRef<HTMLDivElement>(null);

  const autosave = useAutosave({ initial, draft, save: saveDraftAction, onSaved: setBroadcast });
  useLeaveGuard(autosave.dirty, "Leave before your last changes are saved? They will be lost.");

  // A move made from the send panel (scheduled, schedule cancelled) answers the record as the server now holds it:
  // the header, the notices and the panel read it at once, and it becomes autosave's base version (its updatedAt
  // changed, so the next save would otherwise be refused as a conflict).
  const { rebase } = autosave;
  const leaveIfNotEditable = useCallback(
    (latest: Broadcast) => {
      // Sending started (from elsewhere, or the scheduler): the content is fixed and its report is the page to see.
      if (latest.status === "draft" || latest.status === "scheduled") return false;
      router.push(`/broadcasts/${latest.id}`);
      return true;
    },
    [router],
  );
  const adoptMove = useCallback(
    (latest: Broadcast) => {
      if (leaveIfNotEditable(latest)) return;
      rebase(latest);
      setBroadcast(latest);
    },
    [leaveIfNotEditable, rebase],
  );
  // A refused move (a 409: the broadcast changed elsewhere) shows the server's status at once. It does not become
  // autosave's base: edits made elsewhere must not be overwritten silently, so the next save meets the conflict.
  const syncStatus = useCallback(async () => {
    const result = await getBroadcastAction({ id: initial.id }).catch(() => null);
    if (!result?.ok) return;
    const latest = result.data.broadcast;
    if (!leaveIfNotEditable(latest)) setBroadcast(latest);
  }, [initial.id, leaveIfNotEditable]);

  const errors = useMemo(
    () => (autosave.state.kind === "invalid" ? splitDraftErrors(draft.blocks, autosave.state.errors) : NO_ERRORS),
    // Errors belong to the refused save; recomputed when the blocks move so they follow their block.
    [autosave.state, draft.blocks],
  );

  // Selecting or adding a block opens its settings.
  const base = state.actions;
  const actions = useMemo<BlockActions>(
    () => ({
      ...base,
      select: (id) => {
        base.select(id);
        if (id) setPanel("block");
      },
      add: (block, at) => {
        const id = base.add(block, at);
        setPanel("block");
        // Straight into writing: the new block's text editor (or the block itself) takes the focus once drawn.
        requestAnimationFrame(() => {
          const frame = document.querySelector<HTMLElement>(`[data-block-id="${id}"]`);
          const editor = frame?.querySelector<HTMLElement>("[contenteditable=true]");
          (editor ?? frame)?.focus();
          // The starter text is selected, so typing replaces it.
          if (editor) window.getSelection()?.selectAllChildren(editor);
        });
        return id;
      },
      duplicate: (id) => {
        base.duplicate(id);
        setPanel("block");
      },
    }),
    [base],
  );
  const select = actions.select;

  // Undo and redo everywhere in the composer (the draft's history, not the browser's per-input one).
  const { undo, redo } = state;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  const resolveConflict = async (keep: "theirs" | "mine") => {
    const latest = unwrap(await getBroadcastAction({ id: initial.id })).broadcast;
    if (latest.status !== "draft" && latest.status !== "scheduled") {
      router.push(`/broadcasts/${latest.id}`);
      return;
    }
    setBroadcast(latest);
    if (keep === "theirs") {
      const next = draftOf(latest);
      state.reset(next);
      autosave.adopt(latest, next);
    } else {
      await autosave.overwrite(latest);
    }
  };

  const focusById = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus({ preventScroll: false }));
  const onFix = useCallback(
    (target: FixTarget) => {
      if (typeof target === "object") {
        // One block: selected (its settings open), shown on the canvas, and the named field focused.
        setMode("edit");
        select(target.blockId);
        requestAnimationFrame(() => {
          const frame = rootRef.current?.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(target.blockId)}"]`);
          frame?.scrollIntoView({ block: "nearest" });
          const field = target.field ? document.getElementById(blockFieldId(target.blockId, target.field)) : null;
          (field ?? frame)?.focus({ preventScroll: true });
        });
        return;
      }
      if (target === "content") {
        setMode("edit");
        requestAnimationFrame(() =>
          rootRef.current?.querySelector<HTMLElement>("[data-block-id], [data-palette-type]")?.focus(),
        );
        return;
      }
      if (target === "variants") {
        setPanel("ab");
        focusById("composer-tab-ab");
        return;
      }
      setPanel(target === "audience" ? "audience" : "email");
      focusById(
        {
          subject: SUBJECT_INPUT_ID,
          previewText: PREVIEW_TEXT_INPUT_ID,
          sender: FROM_EMAIL_INPUT_ID,
          audience: AUDIENCE_INPUT_ID,
        }[target],
      );
    },
    [select],
  );

  return (
    <div
      ref={rootRef}
      data-testid="composer"
      data-composer-ready={ready ? "true" : "false"}
      // Edge to edge below lg too (out of the page's padding): a phone's width is all the composer has.
      className="-mx-4 -my-8 flex flex-col bg-slate-50 sm:-mx-6 lg:fixed lg:inset-y-0 lg:right-0 lg:left-60 lg:z-10 lg:m-0"
    >
      {/* Two rows on a phone: what this is (name, status, saved state), then what to do (history, view, actions);
          one row from md up. The name truncates, with the whole of it in its title. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2.5">
        <div className="flex min-w-0 basis-full items-center gap-2 md:flex-1 md:basis-0">
          <Link
            href="/broadcasts"
            className="flex shrink-0 items-center gap-1 rounded text-[13px] text-slate-500 hover:text-slate-800"
            aria-label="Back to broadcasts"
          >
            <ChevronLeftIcon className="size-4" />
            <span className="hidden xl:inline">Broadcasts</span>
          </Link>
          <h1 className="min-w-0 truncate text-[15px] font-semibold text-slate-900" title={draft.name}>
            {draft.name}
          </h1>
          <span className="shrink-0" data-testid="composer-status">
            <BroadcastStatusBadge status={broadcast.status} paused={false} />
          </span>
          <SaveStatus state={autosave.state} />
        </div>
        <div className="flex w-full flex-wrap items-center gap-x-1.5 gap-y-2 md:w-auto md:flex-nowrap">
          <div className="flex items-center" role="group" aria-label="History">
            <HistoryButton label="Undo" keys="Ctrl+Z" icon={UndoIcon} onClick={undo} disabled={!state.canUndo} />
            <HistoryButton label="Redo" keys="Ctrl+Shift+Z" icon={RedoIcon} onClick={redo} disabled={!state.canRedo} />
          </div>
          <div role="radiogroup" aria-label="View" className="flex shrink-0 rounded-md border border-slate-200 p-0.5">
            {(["edit", "preview"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                onClick={() => setMode(m)}
                className={clsx(
                  "rounded px-2 py-1 text-[13px] font-medium sm:px-3",
                  mode === m ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
                )}
              >
                {m === "edit" ? "Edit" : "Preview"}
              </button>
            ))}
          </div>
          <div className="ml-auto flex shrink-0 items-center gap-1.5">
            <BroadcastActionsMenu workspaceId={workspaceId} broadcast={broadcast} />
            <Button size="sm" onClick={() => setPanel("send")} className="whitespace-nowrap">
              Review and send
            </Button>
          </div>
        </div>
      </header>

      {autosave.state.kind === "conflict" && (
        <Notice tone="warning" className="m-3 mb-0">
          <p>{autosave.state.message}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void resolveConflict("theirs")}>
              Load the latest version
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void resolveConflict("mine")}>
              Keep mine and overwrite
            </Button>
          </div>
        </Notice>
      )}
      {broadcast.status === "scheduled" && broadcast.scheduledAt && (
        <Notice className="m-3 mb-0">
          Scheduled to go out <RelativeTime iso={broadcast.scheduledAt} />. Your edits are saved into the scheduled
          email; cancel the schedule in Review and send to stop it.
        </Notice>
      )}

      <ComposerDnd blocks={draft.blocks} actions={actions}>
        <div className="grid min-h-0 flex-1 lg:grid-cols-[10.5rem_minmax(0,1fr)_23.5rem]">
          <div className="border-b border-slate-200 bg-white lg:overflow-y-auto lg:border-r lg:border-b-0">
            <Palette actions={actions} />
          </div>
          <section
            className="min-h-0 min-w-0 overflow-y-auto"
            aria-label={mode === "edit" ? "Email content" : "Email preview"}
            onClick={() => select(null)}
          >
            {mode === "edit" ? (
              <div className="h-full">
                <MergeTagsContext value={props.mergeTags}>
                  <Canvas
                    blocks={draft.blocks}
                    theme={draft.theme}
                    footerStyles={draft.footerStyles}
                    onEditFooter={() => setPanel("design")}
                    selectedId={selectedId}
                    actions={actions}
                    errorsById={errors.byBlock}
                  />
                </MergeTagsContext>
              </div>
            ) : (
              <PreviewPane draft={draft} broadcastId={initial.id} load={previewDraftAction} />
            )}
          </section>
          <SettingsSidebar
            {...props}
            panel={panel}
            onPanel={setPanel}
            draft={draft}
            patch={state.patch}
            actions={actions}
            selectedId={selectedId}
            errors={errors}
            broadcast={broadcast}
            saveNow={autosave.saveNow}
            onFix={onFix}
            sendPanel={
              <SendPanel
                workspaceId={workspaceId}
                broadcast={broadcast}
                draft={draft}
                saveNow={autosave.saveNow}
                onFix={onFix}
                defaultTestEmail={props.defaultTestEmail}
                mergeTags={props.mergeTags}
                onBroadcastChange={adoptMove}
                onMoveRefused={syncStatus}
              />
            }
          />
        </div>
      </ComposerDnd>
    </div>
  );
}

/** Undo or Redo in the header: the word beside the icon once there is room, always its name and shortcut. */
function HistoryButton(props: {
  label: string;
  keys: string;
  icon: typeof UndoIcon;
  onClick: () => void;
  disabled: boolean;
}) {
  const { label, icon: Icon } = props;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={props.onClick}
      disabled={props.disabled}
      title={`${label} (${props.keys})`}
      aria-label={label}
      className="px-1.5! lg:px-2.5!"
    >
      <Icon className="size-4" />
      <span className="hidden lg:inline">{label}</span>
    </Button>
  );
}
