"use client";
// The composer's right-hand panel: the selected block's settings, then the email's settings, audience, A/B test,
// design and the send flow, as tabs (the WAI-ARIA tabs pattern: arrow keys move between tabs).
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import clsx from "clsx";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { Block } from "@/lib/schemas/blocks";
import type { ComposerDraft } from "@/lib/composer/draft";
import { Button } from "@/components/ui/button";
import { AbVariants } from "./panels/ab-variants";
import { AudiencePicker } from "./panels/audience-picker";
import { DesignPanel } from "./panels/design-panel";
import { EmailSettings } from "./panels/email-settings";
import { SaveTemplateDialog } from "./save-template-dialog";
import { blockModule } from "./blocks/registry";
import { findBlock } from "../model/block-ops";
import type { DraftErrors } from "../model/draft-errors";
import type { BlockActions } from "./use-composer-state";
import type { ComposerProps } from "./composer";
import type { FixTarget } from "@/features/broadcast-send/model/checklist";

export type PanelId = "block" | "email" | "audience" | "ab" | "design" | "send";
const PANELS: { id: PanelId; label: string; owns: RegExp }[] = [
  { id: "block", label: "Block", owns: /^$/ },
  { id: "email", label: "Email", owns: /^#\/(name|subject|previewText|fromName|fromEmail|replyTo)\b/ },
  { id: "audience", label: "Audience", owns: /^#\/audience/ },
  { id: "ab", label: "A/B", owns: /^#\/(variants|abTestPercent|abWinnerMetric|abWinnerAfterMinutes)\b/ },
  { id: "design", label: "Design", owns: /^#\/(theme|footerStyles)\b/ },
  { id: "send", label: "Send", owns: /^$/ },
];

type Props = ComposerProps & {
  panel: PanelId;
  onPanel(panel: PanelId): void;
  draft: ComposerDraft;
  patch(p: Partial<ComposerDraft>): void;
  actions: BlockActions;
  selectedId: string | null;
  errors: DraftErrors;
  broadcast: Broadcast;
  saveNow(): Promise<Broadcast | null>;
  onFix(target: FixTarget): void;
  sendPanel: ReactNode;
};

export function SettingsSidebar(props: Props) {
  const { panel, onPanel, draft, patch, errors, workspaceId } = props;
  const tabs = useRef<Partial<Record<PanelId, HTMLButtonElement | null>>>({});
  const [saveTemplate, setSaveTemplate] = useState(false);
  const hasErrors = (p: (typeof PANELS)[number]) =>
    p.id === "block"
      ? Object.keys(errors.byBlock).length > 0
      : Object.keys(errors.fields).some((pointer) => p.owns.test(pointer));

  const onKeyDown = (event: KeyboardEvent) => {
    const i = PANELS.findIndex((p) => p.id === panel);
    const next =
      event.key === "ArrowRight"
        ? (i + 1) % PANELS.length
        : event.key === "ArrowLeft"
          ? (i + PANELS.length - 1) % PANELS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? PANELS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = PANELS[next]!.id;
    onPanel(id);
    tabs.current[id]?.focus();
  };

  const panelProps = { draft, onChange: patch, errors: errors.fields, workspaceId };
  return (
    <section
      className="flex min-h-0 flex-col border-t border-slate-200 bg-white lg:border-t-0 lg:border-l"
      aria-label="Settings"
    >
      <div
        role="tablist"
        aria-label="Settings panels"
        className="flex shrink-0 overflow-x-auto border-b border-slate-200 px-2"
        onKeyDown={onKeyDown}
      >
        {PANELS.map((p) => (
          <button
            key={p.id}
            ref={(el) => {
              tabs.current[p.id] = el;
            }}
            type="button"
            role="tab"
            id={`composer-tab-${p.id}`}
            aria-selected={panel === p.id}
            aria-controls={`composer-panel-${p.id}`}
            tabIndex={panel === p.id ? 0 : -1}
            onClick={() => onPanel(p.id)}
            className={clsx(
              "relative flex items-center gap-1 border-b-2 px-2 py-2.5 text-[13px] font-medium whitespace-nowrap",
              panel === p.id
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {p.label}
            {hasErrors(p) && (
              <span className="size-1.5 rounded-full bg-red-500">
                <span className="sr-only"> (has problems)</span>
              </span>
            )}
          </button>
        ))}
      </div>
      <div
        id={`composer-panel-${panel}`}
        role="tabpanel"
        aria-labelledby={`composer-tab-${panel}`}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4"
      >
        {panel === "block" && <BlockPanel {...props} />}
        {panel === "email" && <EmailSettings {...panelProps} senderDefaults={props.senderDefaults} />}
        {panel === "audience" && (
          <AudiencePicker
            {...panelProps}
            broadcastId={props.broadcast.id}
            initialSegments={props.segments}
            initialTags={props.tags}
          />
        )}
        {panel === "ab" && <AbVariants {...panelProps} />}
        {panel === "design" && (
          <div className="space-y-6">
            <DesignPanel {...panelProps} />
            <div className="border-t border-slate-200 pt-4">
              <h3 className="text-[13px] font-semibold text-slate-900">Reuse this design</h3>
              <p className="mt-1 mb-3 text-[13px] text-slate-500">
                Save the blocks, theme and footer as a template for your next broadcast.
              </p>
              <Button variant="secondary" size="sm" onClick={() => setSaveTemplate(true)}>
                Save as template
              </Button>
            </div>
          </div>
        )}
        {panel === "send" && props.sendPanel}
      </div>
      <SaveTemplateDialog
        open={saveTemplate}
        onClose={() => setSaveTemplate(false)}
        draft={draft}
        workspaceId={workspaceId}
      />
    </section>
  );
}

function BlockPanel({ draft, selectedId, actions, errors, workspaceId }: Props) {
  const block = selectedId ? findBlock(draft.blocks, selectedId) : null;
  if (!block) {
    return (
      <div className="py-8 text-center text-[13px] text-slate-500">
        <p className="font-medium text-slate-700">No block selected</p>
        <p className="mt-1">Click a block on the email to change it, or add one from the palette.</p>
      </div>
    );
  }
  const mod = blockModule(block.type);
  const Settings = mod.Settings;
  return (
    <div>
      <h2 className="mb-3 text-[13px] font-semibold text-slate-900">{mod.label} block</h2>
      <Settings
        key={block.id}
        block={block as never}
        onChange={(next: Block) => actions.update(block.id!, next)}
        errors={errors.byBlock[block.id!] ?? {}}
        workspaceId={workspaceId}
        theme={draft.theme}
      />
    </div>
  );
}
