"use client";
// An email step's content in the block composer: the composer's own palette, canvas (drag and drop, inline editing,
// undo/redo) and block settings, with the step's subject, preview text and design, in a full-screen dialog over the
// builder. Every change goes straight into the step, so the builder's autosave saves it with the automation: no
// second save target, and the composer needs no change to serve here.
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { EmailStep } from "@/lib/schemas/automations";
import type { Block } from "@/lib/schemas/blocks";
import { withIds, type ComposerDraft } from "@/lib/composer/draft";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RedoIcon, UndoIcon } from "@/components/ui/icons";
import { Canvas, MergeTagsContext } from "@/features/composer/ui/canvas";
import { ComposerDnd } from "@/features/composer/ui/composer-dnd";
import { Palette } from "@/features/composer/ui/palette";
import { DesignPanel } from "@/features/composer/ui/panels/design-panel";
import { blockModule } from "@/features/composer/ui/blocks/registry";
import { findBlock } from "@/features/composer/model/block-ops";
import { useComposerState } from "@/features/composer/ui/use-composer-state";
import { useBuilder } from "./builder-context";

type Props = { step: EmailStep; onChange(step: EmailStep): void; onClose(): void };

export const EMAIL_SUBJECT_INPUT_ID = "automation-email-subject";

/** The step's email as the composer's draft (the broadcast-only fields are inert here: no panel shows them). */
function composerDraftOf(step: EmailStep): ComposerDraft {
  const e = step.email;
  return {
    name: step.name ?? "",
    subject: e.subject ?? "",
    previewText: e.previewText ?? "",
    fromName: null,
    fromEmail: null,
    replyTo: null,
    audienceType: "all",
    audienceFilter: {},
    blocks: (e.blocks ?? []).map(withIds),
    theme: e.theme ?? "default",
    footerStyles: e.footerStyles ?? {},
    variants: [],
    abTestPercent: null,
    abWinnerMetric: null,
    abWinnerAfterMinutes: null,
  } as ComposerDraft;
}

export function EmailStepEditor({ step, onChange, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { workspaceId, lists } = useBuilder();
  const state = useComposerState(composerDraftOf(step));
  const { draft, selectedId, actions } = state;
  const [showDesign, setShowDesign] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    document.getElementById(EMAIL_SUBJECT_INPUT_ID)?.focus();
  }, []);

  // The draft into the step, as the marketer works (the first render is the step itself: nothing to write).
  const first = useRef(true);
  const latestStep = useRef(step);
  useLayoutEffect(() => {
    latestStep.current = step;
  }, [step]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const s = latestStep.current;
    onChange({
      ...s,
      email: {
        ...s.email,
        subject: draft.subject,
        previewText: draft.previewText,
        blocks: draft.blocks,
        theme: draft.theme,
        footerStyles: draft.footerStyles,
      },
    });
  }, [draft, onChange]);

  const { undo, redo } = state;
  const block = selectedId ? findBlock(draft.blocks, selectedId) : null;
  const mergeTags = lists.fields.map((f) => ({ key: f.key, label: f.label }));
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
        const key = event.key.toLowerCase();
        if (key === "z" && !event.shiftKey) undo();
        else if ((key === "z" && event.shiftKey) || key === "y") redo();
        else return;
        event.preventDefault();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-50 p-0 backdrop:bg-slate-900/40"
      data-testid="email-step-editor"
    >
      <div className="flex h-full flex-col">
        <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2.5">
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-[15px] font-semibold text-slate-900">
            Email: {draft.subject || "Untitled email"}
          </h2>
          <div className="flex items-center" role="group" aria-label="History">
            <Button
              variant="ghost"
              size="sm"
              onClick={undo}
              disabled={!state.canUndo}
              aria-label="Undo"
              title="Undo (Ctrl+Z)"
            >
              <UndoIcon className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={redo}
              disabled={!state.canRedo}
              aria-label="Redo"
              title="Redo (Ctrl+Shift+Z)"
            >
              <RedoIcon className="size-4" />
            </Button>
          </div>
          <Button size="sm" onClick={() => ref.current?.close()}>
            Done
          </Button>
        </header>
        <ComposerDnd blocks={draft.blocks} actions={actions}>
          <div className="grid min-h-0 flex-1 overflow-y-auto lg:grid-cols-[10.5rem_minmax(0,1fr)_22rem] lg:overflow-hidden">
            <div className="border-b border-slate-200 bg-white lg:overflow-y-auto lg:border-r lg:border-b-0">
              <Palette actions={actions} />
            </div>
            <section
              className="min-h-[24rem] min-w-0 lg:overflow-y-auto"
              aria-label="Email content"
              onClick={() => actions.select(null)}
            >
              <MergeTagsContext value={mergeTags}>
                <Canvas
                  blocks={draft.blocks}
                  theme={draft.theme}
                  footerStyles={draft.footerStyles}
                  onEditFooter={() => setShowDesign(true)}
                  selectedId={selectedId}
                  actions={actions}
                  errorsById={{}}
                />
              </MergeTagsContext>
            </section>
            <section
              aria-label="Email settings"
              className="space-y-4 border-t border-slate-200 bg-white px-4 py-4 lg:overflow-y-auto lg:border-t-0 lg:border-l"
            >
              <TextField
                id={EMAIL_SUBJECT_INPUT_ID}
                label="Subject"
                value={draft.subject ?? ""}
                maxLength={500}
                onChange={(e) => state.patch({ subject: e.target.value })}
              />
              <TextField
                label="Preview text"
                hint="Shown after the subject in most inboxes."
                value={draft.previewText ?? ""}
                maxLength={500}
                onChange={(e) => state.patch({ previewText: e.target.value })}
              />
              <div className="border-t border-slate-200 pt-4">
                {block ? (
                  <BlockSettings
                    block={block}
                    draft={draft}
                    onChange={(b) => actions.update(block.id!, b)}
                    workspaceId={workspaceId}
                  />
                ) : (
                  <p className="text-[13px] text-slate-500">Click a block on the email to change its settings.</p>
                )}
              </div>
              <div className="border-t border-slate-200 pt-4">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-expanded={showDesign}
                  onClick={() => setShowDesign((v) => !v)}
                >
                  {showDesign ? "Hide design" : "Design: theme and footer"}
                </Button>
                {showDesign && (
                  <div className="mt-4">
                    <DesignPanel draft={draft} onChange={state.patch} errors={{}} workspaceId={workspaceId} />
                  </div>
                )}
              </div>
            </section>
          </div>
        </ComposerDnd>
      </div>
    </dialog>
  );
}

function BlockSettings(props: { block: Block; draft: ComposerDraft; onChange(b: Block): void; workspaceId: string }) {
  const mod = blockModule(props.block.type);
  const Settings = mod.Settings;
  return (
    <div>
      <h3 className="mb-3 text-[13px] font-semibold text-slate-900">{mod.label} block</h3>
      <Settings
        key={props.block.id}
        block={props.block as never}
        onChange={props.onChange}
        errors={{}}
        workspaceId={props.workspaceId}
        theme={props.draft.theme}
      />
    </div>
  );
}
