// The composer's working copy of a broadcast: the editable fields of the broadcast record, with every block (also
// inside columns) carrying an id so the canvas, drag and drop and the settings panel can follow it. Safe for the
// browser; the same object (ids included, the schema allows them) is what autosave sends to the update action.
import type { Block, FooterStyles, LeafBlock, Theme } from "@/lib/schemas/blocks";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { BROADCAST_DRAFT_FIELDS } from "@/lib/schemas/broadcast-constants";

export type ComposerVariant = Broadcast["variants"][number];

export type ComposerDraft = {
  name: string;
  subject: string | null;
  previewText: string | null;
  fromName: string | null;
  fromEmail: string | null;
  replyTo: string | null;
  audienceType: Broadcast["audienceType"];
  audienceFilter: Record<string, unknown>;
  blocks: Block[];
  theme: Theme;
  footerStyles: FooterStyles;
  variants: ComposerVariant[];
  abTestPercent: number | null;
  abWinnerMetric: Broadcast["abWinnerMetric"];
  abWinnerAfterMinutes: number | null;
};

export const DRAFT_FIELDS = BROADCAST_DRAFT_FIELDS satisfies readonly (keyof ComposerDraft)[];

let counter = 0;
/** A short id unique within the page (blocks only need to be told apart inside one broadcast). */
export function newBlockId(): string {
  counter += 1;
  return `b${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The block with an id, and for columns every inner block with one too (ids already present are kept). */
export function withIds<B extends Block>(block: B): B {
  const id = block.id ?? newBlockId();
  if (block.type !== "columns") return { ...block, id };
  return {
    ...block,
    id,
    columns: block.columns.map((c) => ({ blocks: c.blocks.map((b) => withIds(b) as LeafBlock) })),
  };
}

/** A deep copy with fresh ids (duplicate). */
export function copyBlock<B extends Block>(block: B): B {
  const fresh = { ...block, id: undefined } as B;
  if (fresh.type === "columns")
    return withIds({
      ...fresh,
      columns: fresh.columns.map((c) => ({ blocks: c.blocks.map((b) => ({ ...b, id: undefined })) })),
    } as B);
  return withIds(fresh);
}

export function draftOf(b: Broadcast): ComposerDraft {
  return {
    name: b.name,
    subject: b.subject,
    previewText: b.previewText,
    fromName: b.fromName,
    fromEmail: b.fromEmail,
    replyTo: b.replyTo,
    audienceType: b.audienceType,
    audienceFilter: b.audienceFilter,
    blocks: b.blocks.map(withIds),
    theme: b.theme,
    footerStyles: b.footerStyles,
    variants: b.variants,
    abTestPercent: b.abTestPercent,
    abWinnerMetric: b.abWinnerMetric,
    abWinnerAfterMinutes: b.abWinnerAfterMinutes,
  };
}

/** Props every composer panel takes: the draft, a patch callback, and field errors keyed by JSON pointer. */
export type DraftPanelProps = {
  draft: ComposerDraft;
  onChange: (patch: Partial<ComposerDraft>) => void;
  /** "#/subject" → message; "#/blocks/3/href" → message, as the update action reported them. */
  errors: Record<string, string>;
  workspaceId: string;
};

/** The composer's live preview of unsaved content, rendered by the sending path. */
export type DraftPreview = { subject: string; html: string; text: string };
