// The send panel's checklist: what still stands between the draft and a send. Subject, sender, content and button
// links are read from the draft as it is typed (the same rules as the server's readiness check, so the list never
// waits for an autosave); whether the audience has anyone in it and whether the workspace has a postal address only
// the server knows, from the readiness check's answer (a recipient count, or one 422 listing every missing piece by
// pointer). Below them, warnings that do not block: a From domain no verified sending domain signs, and merge tags
// without a fallback that some recipients lack.
import type { Block } from "@/lib/schemas/blocks";
import type { ComposerDraft } from "@/lib/composer/draft";
import { contentGaps } from "@/lib/broadcast-content";
import {
  mergeTagLabel,
  mergeTagText,
  mergeTagsWithoutFallback,
  type MergeTagOption,
  type MergeTagPlace,
} from "@/lib/email-content/draft-merge-tags";
import { formatNumber } from "@/lib/format";
import { PLACEHOLDER_IMAGE } from "@/lib/schemas/block-constants";
import { fromDomainWarning, type DomainState } from "@/lib/deliverability/sending-domains";

export type FixSection = "subject" | "sender" | "content" | "audience";
/** Where an item leads: a part of the settings, or one block (and the field of its settings to focus). */
export type FixTarget = FixSection | "previewText" | "variants" | { blockId: string; field?: "href" };
export type ChecklistKey = FixSection | "links" | "postalAddress" | "fromDomain" | `merge:${string}`;

export type ChecklistItem = {
  key: ChecklistKey;
  label: string;
  /**
   * "missing": must be fixed before a send; "checking": the server's answer for this draft has not come yet;
   * "warning": worth fixing, but the send may go ahead.
   */
  state: "ok" | "missing" | "checking" | "warning";
  /** Why it is missing, in the server's words when the server said so. */
  detail?: string;
  /** Where fixing it starts, when that is not the item's own section. */
  fix?: FixTarget;
};

/** Of the audience on screen, how many recipients lack each merge value (countMissingMergeValues on the server). */
export type MissingMergeValues = { recipients: number; missing: Record<string, number> };

/** What the readiness check answered for the broadcast as last saved. */
export type Readiness =
  | { kind: "ready"; recipientCount: number }
  | { kind: "missing"; pieces: { pointer: string; detail: string }[] }
  | { kind: "unknown" };

/** The checklist item a readiness pointer belongs to ("#/audienceFilter/segmentIds/0" → audience). */
export function checklistKeyOf(pointer: string): ChecklistKey | null {
  const [head] = pointer.replace(/^#\/?/, "").split("/");
  switch (head) {
    case "subject":
    case "variants":
      return "subject";
    case "fromEmail":
    case "fromName":
    case "replyTo":
      return "sender";
    case "blocks":
      return "content";
    case "audienceFilter":
    case "audienceType":
      return "audience";
    case "workspace":
      return "postalAddress";
    default:
      return null;
  }
}

const hasBlocks = (v: unknown) => Array.isArray(v) && v.length > 0;

const countButtons = (blocks: Block[]): number =>
  blocks.reduce(
    (n, b) =>
      n + (b.type === "button" ? 1 : 0) + (b.type === "columns" ? countButtons(b.columns.flatMap((c) => c.blocks)) : 0),
    0,
  );

/** Image blocks still showing the composer's stand-in picture (in columns too): an email should not go out so. */
export function placeholderImages(blocks: Block[]): number {
  return blocks.reduce(
    (n, b) =>
      n +
      (b.type === "image" && b.src === PLACEHOLDER_IMAGE ? 1 : 0) +
      (b.type === "columns" ? placeholderImages(b.columns.flatMap((c) => c.blocks)) : 0),
    0,
  );
}

export function draftAudienceGap(draft: ComposerDraft): string | undefined {
  const filter = draft.audienceFilter;
  const ids = (key: string) => (Array.isArray(filter[key]) ? (filter[key] as unknown[]) : []);
  if (draft.audienceType === "segments" && ids("segmentIds").length === 0) return "Choose at least one segment.";
  if (draft.audienceType === "tags" && ids("tagIds").length === 0) return "Choose at least one tag.";
  return undefined;
}

type FixedKey = Exclude<ChecklistKey, `merge:${string}` | "fromDomain">;
const LABELS: Record<FixedKey, string> = {
  subject: "Subject",
  sender: "Sender",
  content: "Content",
  links: "Button links",
  audience: "Audience",
  postalAddress: "Postal address",
};

/** Button links: every button of the draft (and of its A/B variants) leads somewhere; the first gap is the fix. */
function linksGap(draft: ComposerDraft): { detail: string; fix: FixTarget } | undefined {
  const gaps = contentGaps(draft);
  const first = gaps[0];
  if (!first) return undefined;
  const detail = gaps.length === 1 ? first.detail : `${gaps.length} buttons have no link: add one to each.`;
  const fix: FixTarget =
    first.pointer.startsWith("#/variants") || !first.blockId ? "variants" : { blockId: first.blockId, field: "href" };
  return { detail, fix };
}

const fixOf = (place: MergeTagPlace): FixTarget => (typeof place === "string" ? place : { blockId: place.blockId });

/**
 * A warning per merge tag used without a fallback that some recipients of the audience on screen lack, with the
 * server's count; nothing until the count has come (it never blocks).
 */
export function mergeWarnings(
  draft: ComposerDraft,
  counts: MissingMergeValues | null,
  labels: MergeTagOption[] = [],
): ChecklistItem[] {
  if (!counts) return [];
  return mergeTagsWithoutFallback(draft).flatMap(({ key, place }): ChecklistItem[] => {
    const missing = counts.missing[key] ?? 0;
    if (missing === 0) return [];
    const name = mergeTagLabel(key, labels);
    const who =
      missing === 1 && counts.recipients === 1
        ? "The recipient has"
        : `${formatNumber(missing)} of ${formatNumber(counts.recipients)} recipient${counts.recipients === 1 ? "" : "s"} ${missing === 1 ? "has" : "have"}`;
    return [
      {
        key: `merge:${key}`,
        label: `${mergeTagText(key, null)} without a fallback`,
        state: "warning",
        detail: `${who} no ${name}: they will see an empty space. Add a fallback.`,
        fix: fixOf(place),
      },
    ];
  });
}

/**
 * A warning when no verified sending domain signs mail from the draft's From address (fromDomainWarning says why and
 * what to do); nothing until the workspace's domains are known, nor without a From address (the sender item asks).
 */
export function fromDomainItems(draft: ComposerDraft, domains: readonly DomainState[] | null): ChecklistItem[] {
  const from = draft.fromEmail?.trim();
  if (!domains || !from) return [];
  const warning = fromDomainWarning(from, domains);
  return warning ? [{ key: "fromDomain", label: "Sending domain", state: "warning", detail: warning.message }] : [];
}

/**
 * The items in order (button links only when the draft has a button), then the sending-domain and merge-tag warnings. `audienceSaved`
 * is false while the draft's audience differs from the one the server checked (an autosave is on its way), so the
 * server's count says nothing yet about the audience on screen.
 */
export function buildChecklist(
  draft: ComposerDraft,
  readiness: Readiness,
  audienceSaved: boolean,
  merge: { counts: MissingMergeValues | null; labels?: MergeTagOption[] } = { counts: null },
  domains: readonly DomainState[] | null = null,
): ChecklistItem[] {
  const variants = draft.variants ?? [];
  const local: Partial<Record<ChecklistKey, string>> = {};
  if (!draft.subject?.trim() && variants.length === 0) local.subject = "Add a subject.";
  if (!draft.fromEmail?.trim()) local.sender = "Add a from address.";
  const contentEverywhere =
    hasBlocks(draft.blocks) || (variants.length > 0 && variants.every((v) => hasBlocks(v.blocks)));
  const placeholders = placeholderImages(draft.blocks);
  if (!contentEverywhere) local.content = "Add at least one block.";
  else if (placeholders > 0)
    local.content =
      placeholders === 1
        ? "An image block has no picture yet: upload one or give its URL."
        : `${placeholders} image blocks have no picture yet: upload one or give their URLs.`;
  const audienceGap = draftAudienceGap(draft);
  if (audienceGap) local.audience = audienceGap;
  const links = linksGap(draft);
  if (links) local.links = links.detail;
  const hasButtons =
    countButtons(draft.blocks) > 0 || variants.some((v) => countButtons((v.blocks ?? []) as Block[]) > 0);

  const server: Partial<Record<ChecklistKey, string>> = {};
  if (readiness.kind === "missing") {
    for (const { pointer, detail } of readiness.pieces) {
      const key = checklistKeyOf(pointer);
      if (key) server[key] ??= detail;
    }
  }

  const keys = (Object.keys(LABELS) as FixedKey[]).filter((key) => key !== "links" || hasButtons);
  const fixed = keys.map((key): ChecklistItem => {
    const label = LABELS[key];
    // The draft is newer than any server answer for the fields it can judge itself.
    if (local[key])
      return {
        key,
        label,
        state: "missing",
        detail: local[key],
        ...(key === "links" && links ? { fix: links.fix } : {}),
      };
    if (key === "subject" || key === "sender" || key === "content" || key === "links")
      return { key, label, state: "ok" };
    if (key === "audience" && !audienceSaved) return { key, label, state: "checking" };
    if (readiness.kind === "unknown") return { key, label, state: "checking" };
    if (server[key]) return { key, label, state: "missing", detail: server[key] };
    return { key, label, state: "ok" };
  });
  return [...fixed, ...fromDomainItems(draft, domains), ...mergeWarnings(draft, merge.counts, merge.labels)];
}

/** The first reason the send buttons are disabled, or null when every item is ticked. */
export function blockingReason(items: ChecklistItem[]): string | null {
  const missing = items.filter((i) => i.state === "missing");
  if (missing.length) return `Before sending: ${missing.map((i) => i.label.toLowerCase()).join(", ")}.`;
  if (items.some((i) => i.state === "checking")) return "Checking the audience…";
  return null;
}

type Audience = { audienceType: string; audienceFilter: Record<string, unknown> };
const idsOf = (filter: Record<string, unknown>, key: string) =>
  (Array.isArray(filter[key]) ? (filter[key] as unknown[]).map(String) : []).sort().join(",");

/**
 * Whether two audiences choose the same contacts, whatever the key order or the defaults the server fills in
 * (`excludeSegmentIds: []`): the draft's audience against the one the readiness check counted.
 */
export function sameAudience(a: Audience, b: Audience): boolean {
  if (a.audienceType !== b.audienceType) return false;
  return ["segmentIds", "excludeSegmentIds", "tagIds"].every(
    (key) => idsOf(a.audienceFilter, key) === idsOf(b.audienceFilter, key),
  );
}
