// The audience picker's state: the three id lists it remembers (so switching between segments and tags and back
// keeps what was chosen), and the filter each audience type saves, in the shape ZUpdateBroadcast accepts for it.
import type { ComposerDraft } from "@/lib/composer/draft";

export type AudienceType = ComposerDraft["audienceType"];
export type AudienceChoice = { segmentIds: string[]; excludeSegmentIds: string[]; tagIds: string[] };
export type IdListKey = keyof AudienceChoice;

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export const EMPTY_CHOICE: AudienceChoice = { segmentIds: [], excludeSegmentIds: [], tagIds: [] };

/** The lists a stored filter holds (anything else in it ignored). */
export function choiceOf(filter: Record<string, unknown>): AudienceChoice {
  return {
    segmentIds: ids(filter.segmentIds),
    excludeSegmentIds: ids(filter.excludeSegmentIds),
    tagIds: ids(filter.tagIds),
  };
}

/** The lists that belong to an audience type: only these are saved with it. */
export const LISTS_OF: Record<AudienceType, IdListKey[]> = {
  all: [],
  segments: ["segmentIds", "excludeSegmentIds"],
  tags: ["tagIds"],
};

export function filterFor(type: AudienceType, choice: AudienceChoice): Record<string, unknown> {
  return Object.fromEntries(LISTS_OF[type].map((key) => [key, choice[key]]));
}

/**
 * What the picker remembers after the draft changed (an edit, undo, another tab's save): the draft's lists for
 * its own type, the remembered ones for the others.
 */
export function remember(memory: AudienceChoice, type: AudienceType, filter: Record<string, unknown>): AudienceChoice {
  const current = choiceOf(filter);
  const next = { ...memory };
  for (const key of LISTS_OF[type]) next[key] = current[key];
  return next;
}

/**
 * Choosing a segment to include takes it out of the exclusions and the other way round: a segment both included
 * and excluded would silently send to nobody from it.
 */
export function toggleId(choice: AudienceChoice, key: IdListKey, id: string): AudienceChoice {
  const has = choice[key].includes(id);
  const next = { ...choice, [key]: has ? choice[key].filter((x) => x !== id) : [...choice[key], id] };
  if (!has && key === "segmentIds") next.excludeSegmentIds = next.excludeSegmentIds.filter((x) => x !== id);
  if (!has && key === "excludeSegmentIds") next.segmentIds = next.segmentIds.filter((x) => x !== id);
  return next;
}

/** What to choose before there is anything to count; the schema's own messages, so the count and a save agree. */
export function missingChoice(type: AudienceType, choice: AudienceChoice): string | null {
  if (type === "segments" && choice.segmentIds.length === 0) return "Choose at least one segment.";
  if (type === "tags" && choice.tagIds.length === 0) return "Choose at least one tag.";
  return null;
}

/** Messages about single ids ("#/audienceFilter/segmentIds/2"), keyed by the id they were about. */
export function errorsById(
  errors: Record<string, string>,
  key: IdListKey,
  list: string[],
  prefix = "#/audienceFilter",
): Map<string, string> {
  const byId = new Map<string, string>();
  list.forEach((id, i) => {
    const message = errors[`${prefix}/${key}/${i}`];
    if (message) byId.set(id, message);
  });
  return byId;
}

/** "1 recipient", "12,480 recipients". */
export function recipientsText(count: number): string {
  return `${count.toLocaleString("en")} ${count === 1 ? "recipient" : "recipients"}`;
}
