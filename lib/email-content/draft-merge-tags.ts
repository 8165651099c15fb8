// Merge tags as drafts use them: the built-in ones the composer offers, the fallback a menu inserts with each (one
// rule for the subject's menu and the text editors'), and the tags a draft uses without a fallback, which the send
// checklist counts against the audience ("12 of 140 recipients have no First name"). What a tag means is merge-tags.ts.
import type { ComposerDraft } from "@/lib/composer/draft";
import { MERGE_TAG } from "./merge-tags";

export type MergeTagOption = { key: string; label: string };

export const BUILT_IN_MERGE_TAGS: MergeTagOption[] = [
  { key: "firstName", label: "First name" },
  { key: "lastName", label: "Last name" },
  { key: "email", label: "Email" },
];

/**
 * The fallback a menu inserts with a tag, so a contact without the value reads a word instead of a gap ("Fresh
 * from the oven, !"). A first name has a natural one; other values have no word that reads well in their place, so
 * they go in bare and the send checklist says how many recipients lack them. The email address is never empty.
 */
const DEFAULT_FALLBACKS: Record<string, string> = { firstName: "there" };

export function defaultFallback(key: string): string | null {
  return DEFAULT_FALLBACKS[key] ?? null;
}

/** The merge tag as written in markup: `{{key}}` or `{{key|fallback}}`. */
export function mergeTagText(key: string, fallback: string | null): string {
  return `{{${key}${fallback === null ? "" : `|${fallback}`}}}`;
}

/** What a merge-tag menu inserts for `key`: the tag with its default fallback when it has one. */
export function insertableMergeTag(key: string): string {
  return mergeTagText(key, defaultFallback(key));
}

/** Keys whose value every contact has: a tag of them needs no fallback. */
const ALWAYS_SET = new Set(["email"]);
// Link and image addresses: a missing value there empties a query parameter, not a word the reader sees.
const NOT_SHOWN = new Set(["href", "src", "url", "id", "type"]);

/** Where a tag without a fallback is first used: the send checklist's item leads there. */
export type MergeTagPlace = "subject" | "previewText" | "variants" | { blockId: string };
export type MergeTagUse = { key: string; place: MergeTagPlace };

function keysWithoutFallback(text: string): string[] {
  return [...text.matchAll(MERGE_TAG)].filter((m) => m[2] === undefined).map((m) => m[1]!);
}

/** Every shown string of a block (text, labels, alt text, HTML), its inner blocks' included. */
function shownStrings(value: unknown, key = ""): string[] {
  if (NOT_SHOWN.has(key)) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((v) => shownStrings(v));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => shownStrings(v, k));
  return [];
}

type Draftish = Pick<ComposerDraft, "subject" | "previewText" | "blocks" | "variants">;

/**
 * The merge tags the draft shows without a fallback (subject, preview text, blocks, A/B variants), each key once at
 * the first place it appears, in reading order. `{{firstName|}}` has a fallback (an empty one, chosen on purpose).
 */
export function mergeTagsWithoutFallback(draft: Draftish): MergeTagUse[] {
  const found = new Map<string, MergeTagPlace>();
  const note = (text: string | null | undefined, place: MergeTagPlace) => {
    for (const key of keysWithoutFallback(text ?? ""))
      if (!ALWAYS_SET.has(key) && !found.has(key)) found.set(key, place);
  };
  note(draft.subject, "subject");
  note(draft.previewText, "previewText");
  for (const block of draft.blocks) {
    const place = { blockId: block.id ?? "" };
    for (const text of shownStrings(block)) note(text, place);
  }
  for (const variant of draft.variants ?? []) {
    for (const text of [variant.subject, variant.previewText, ...shownStrings(variant.blocks ?? [])])
      note(text, "variants");
  }
  return [...found].map(([key, place]) => ({ key, place }));
}

/** A tag's name for people: its menu label (built-in or the custom field's), else the key as written. */
export function mergeTagLabel(key: string, custom: MergeTagOption[] = []): string {
  const alias = key === "first_name" ? "firstName" : key === "last_name" ? "lastName" : key;
  return [...BUILT_IN_MERGE_TAGS, ...custom].find((t) => t.key === alias)?.label ?? key;
}
