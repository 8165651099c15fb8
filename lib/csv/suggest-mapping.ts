// Auto-mapping of CSV headers to contact attributes and custom fields by likeness, so most files need no manual
// mapping: "E-mail address" → email, "Surname" → last name, "Wholesale" → the custom field "Wholesale account".
// Deterministic: every (header, target) pair gets a score from the normalised names, the best pairs are taken
// first (ties: the earlier column), each target and each column at most once, nothing under the threshold.
import type { ImportMapping, ImportTarget } from "@/lib/schemas/imports";

/** "E-mail Address" → "emailaddress": case, spaces and punctuation do not matter. */
const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
/** "companySize (2)" → ["company", "size", "2"]. */
const tokens = (s: string) =>
  s
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** What people call each attribute in their spreadsheets. */
const SYNONYMS: Record<"email" | "firstName" | "lastName" | "timezone" | "status" | "tags", string[]> = {
  email: ["email", "email address", "mail", "e-mail", "email addr"],
  firstName: ["first name", "first", "given name", "fname", "forename"],
  lastName: ["last name", "last", "surname", "family name", "lname"],
  timezone: ["time zone", "tz", "time zone name"],
  status: ["status", "subscribed", "subscription", "subscription status", "opted in", "opt in", "consent"],
  tags: ["tags", "tag", "labels", "lists", "groups"],
};

/** Below this, a column is left to Skip: a wrong guess costs more than a choice the marketer makes. */
export const MAPPING_THRESHOLD = 0.75;

/** Sørensen–Dice coefficient over character bigrams of the normalised names (0–1). */
export function diceCoefficient(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const bigrams = new Map<string, number>();
  for (let i = 0; i < x.length - 1; i++) bigrams.set(x.slice(i, i + 2), (bigrams.get(x.slice(i, i + 2)) ?? 0) + 1);
  let common = 0;
  for (let i = 0; i < y.length - 1; i++) {
    const n = bigrams.get(y.slice(i, i + 2)) ?? 0;
    if (n > 0) {
      common++;
      bigrams.set(y.slice(i, i + 2), n - 1);
    }
  }
  return (2 * common) / (x.length - 1 + y.length - 1);
}

/**
 * How alike a header is to a name (0–1): 1 when equal once normalised; a prefix of at least four letters ("Wholesale"
 * of "Wholesale account") scores 0.8 and more the more it covers; otherwise the better of the shared words' share
 * and the bigram Dice coefficient (when both have five letters or more).
 */
export function likeness(header: string, name: string): number {
  const h = normalize(header);
  const n = normalize(name);
  if (!h || !n) return 0;
  if (h === n) return 1;
  const [short, long] = h.length <= n.length ? [h, n] : [n, h];
  const prefix = short.length >= 4 && long.startsWith(short) ? 0.8 + 0.2 * (short.length / long.length) : 0;
  const ht = new Set(tokens(header));
  const nt = new Set(tokens(name));
  const shared = [...ht].filter((t) => nt.has(t)).length;
  const overlap = shared / Math.max(ht.size, nt.size, 1);
  // On very short names a few shared letters say little ("Name" and "fname" share three of four bigrams).
  const dice = short.length >= 5 ? diceCoefficient(h, n) : 0;
  return Math.max(prefix, overlap, dice);
}

/** A target per header (or null): the best-scoring pairs first, each target and header used once. */
export function suggestMapping(
  headers: readonly string[],
  customFields: readonly { key: string; label: string }[],
): ImportMapping {
  const names: [ImportTarget, string][] = [
    ...Object.entries(SYNONYMS).flatMap(([target, list]) => list.map((n) => [target as ImportTarget, n] as const)),
    ...customFields.flatMap((f) => [
      [`field:${f.key}`, f.key.replace(/_/g, " ")] as const,
      [`field:${f.key}`, f.label] as const,
    ]),
  ] as [ImportTarget, string][];
  const pairs: { header: number; target: ImportTarget; score: number }[] = [];
  headers.forEach((header, index) => {
    const best = new Map<ImportTarget, number>();
    for (const [target, name] of names) best.set(target, Math.max(best.get(target) ?? 0, likeness(header, name)));
    for (const [target, score] of best) if (score >= MAPPING_THRESHOLD) pairs.push({ header: index, target, score });
  });
  pairs.sort((a, b) => b.score - a.score || a.header - b.header);
  const mapping: ImportMapping = Object.fromEntries(headers.map((h) => [h, null]));
  const used = new Set<ImportTarget>();
  for (const { header, target } of pairs) {
    if (used.has(target) || mapping[headers[header]!] !== null) continue;
    mapping[headers[header]!] = target;
    used.add(target);
  }
  return mapping;
}
