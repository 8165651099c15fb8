// The A/B test settings as the panel edits them, kept within what ZUpdateBroadcast accepts: none or 2 to 10
// variants with unique ids, a test share of 1–99 %, and the winner metric and delay set together or not at all.
import type { ComposerDraft, ComposerVariant } from "@/lib/composer/draft";

export const MAX_VARIANTS = 10;
export const DEFAULT_TEST_PERCENT = 20;
export const MIN_WINNER_MINUTES = 15;
export const MAX_WINNER_MINUTES = 7 * 24 * 60;
/** The delay an automatic winner starts with: long enough for most opens of the test share to come in. */
export const DEFAULT_WINNER_MINUTES = 4 * 60;

type AbFields = Pick<ComposerDraft, "variants" | "abTestPercent" | "abWinnerMetric" | "abWinnerAfterMinutes">;

/** Turn the test on: variant A carries the current subject, B starts empty for the marketer to write. */
export function startAbTest(draft: Pick<ComposerDraft, "subject" | "abTestPercent">): AbFields {
  return {
    variants: [
      { id: "a", subject: draft.subject ?? "" },
      { id: "b", subject: "" },
    ],
    abTestPercent: draft.abTestPercent ?? DEFAULT_TEST_PERCENT,
    abWinnerMetric: null,
    abWinnerAfterMinutes: null,
  };
}

export function stopAbTest(): AbFields {
  return { variants: [], abTestPercent: null, abWinnerMetric: null, abWinnerAfterMinutes: null };
}

/** The first free letter: ids stay short, readable in reports ("Variant C") and unique after removals. */
export function nextVariantId(variants: ComposerVariant[]): string {
  const used = new Set(variants.map((v) => v.id));
  for (let code = 97; code <= 122; code++) {
    const id = String.fromCharCode(code);
    if (!used.has(id)) return id;
  }
  let n = variants.length + 1;
  while (used.has(`v${n}`)) n++;
  return `v${n}`;
}

export function canAddVariant(variants: ComposerVariant[]): boolean {
  return variants.length < MAX_VARIANTS;
}

/** A test keeps at least two variants: below that it is turned off instead (the schema refuses exactly one). */
export function canRemoveVariant(variants: ComposerVariant[]): boolean {
  return variants.length > 2;
}

export function addVariant(variants: ComposerVariant[]): ComposerVariant[] {
  if (!canAddVariant(variants)) return variants;
  return [...variants, { id: nextVariantId(variants), subject: "" }];
}

export function removeVariant(variants: ComposerVariant[], index: number): ComposerVariant[] {
  if (!canRemoveVariant(variants) || index < 0 || index >= variants.length) return variants;
  return variants.filter((_, i) => i !== index);
}

/**
 * A change to one variant. The first variant's subject is the broadcast's own subject (what the list, the report
 * and a test turned off again show), so the two move together.
 */
export function changeVariant(
  draft: Pick<ComposerDraft, "variants">,
  index: number,
  patch: Partial<Pick<ComposerVariant, "subject" | "previewText">>,
): Partial<ComposerDraft> {
  const variants = draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v));
  const change: Partial<ComposerDraft> = { variants };
  if (index === 0 && patch.subject !== undefined) change.subject = patch.subject;
  return change;
}

/** The broadcast subject changed in the email settings: variant A follows it while a test is on. */
export function subjectChange(draft: Pick<ComposerDraft, "variants">, subject: string): Partial<ComposerDraft> {
  if (draft.variants.length === 0) return { subject };
  return { subject, variants: draft.variants.map((v, i) => (i === 0 ? { ...v, subject } : v)) };
}

export function variantLabel(id: string): string {
  return `Variant ${id.length === 1 ? id.toUpperCase() : id}`;
}

/** A typed or slid share, as a whole percent within 1–99 (NaN, e.g. an emptied field, gives the default). */
export function clampPercent(raw: number): number {
  if (!Number.isFinite(raw)) return DEFAULT_TEST_PERCENT;
  return Math.min(99, Math.max(1, Math.round(raw)));
}

const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;

/** "20% get the test, split evenly (10% per variant); the rest (80%) get the winner." */
export function splitText(testPercent: number, variantCount: number): string {
  const share = clampPercent(testPercent);
  const each = variantCount > 0 ? ` (${percent(share / variantCount)} per variant)` : "";
  return `${share}% get the test, split evenly${each}; the rest (${100 - share}%) get the winner.`;
}

export type DelayUnit = "minutes" | "hours" | "days";
const UNIT_MINUTES: Record<DelayUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** Stored minutes as the largest unit that divides them evenly (240 → 4 hours; 90 → 90 minutes). */
export function splitDelay(minutes: number): { amount: number; unit: DelayUnit } {
  if (minutes % UNIT_MINUTES.days === 0) return { amount: minutes / UNIT_MINUTES.days, unit: "days" };
  if (minutes % UNIT_MINUTES.hours === 0) return { amount: minutes / UNIT_MINUTES.hours, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}

/**
 * The delay in the unit the marketer chose, when it is a whole number of them (240 in hours: 4); otherwise, e.g. after
 * an undo to 90 minutes, the unit that shows it whole.
 */
export function delayIn(minutes: number, unit: DelayUnit): { amount: number; unit: DelayUnit } {
  return minutes % UNIT_MINUTES[unit] === 0 ? { amount: minutes / UNIT_MINUTES[unit], unit } : splitDelay(minutes);
}

/** An amount and unit as minutes within 15 minutes to 7 days (the schema's range), whole minutes. */
export function delayMinutes(amount: number, unit: DelayUnit): number {
  const minutes = Math.round((Number.isFinite(amount) ? amount : 0) * UNIT_MINUTES[unit]);
  return Math.min(MAX_WINNER_MINUTES, Math.max(MIN_WINNER_MINUTES, minutes));
}

export function delayText(minutes: number): string {
  const { amount, unit } = splitDelay(minutes);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}
