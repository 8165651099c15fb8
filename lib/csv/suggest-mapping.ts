// Auto-mapping of CSV headers to contact attributes by name, so most files need no manual mapping at all.
import type { ImportMapping, ImportTarget } from "@/lib/schemas/imports";

/** "E-mail Address" → "emailaddress": case, spaces and punctuation do not matter. */
const normalize = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

const SYNONYMS: Record<"email" | "firstName" | "lastName" | "timezone", string[]> = {
  email: ["email", "emailaddress", "mail", "emailaddr"],
  firstName: ["firstname", "first", "givenname", "fname", "forename"],
  lastName: ["lastname", "last", "surname", "familyname", "lname"],
  timezone: ["timezone", "tz", "timezonename"],
};

/**
 * A target per header (or null). Each target is used at most once, by the first header that matches it; a custom
 * field matches by its key or its label.
 */
export function suggestMapping(
  headers: readonly string[],
  customFields: readonly { key: string; label: string }[],
): ImportMapping {
  const candidates = new Map<string, ImportTarget>();
  for (const [target, names] of Object.entries(SYNONYMS)) {
    for (const name of names) candidates.set(name, target as ImportTarget);
  }
  for (const field of customFields) {
    for (const name of [field.key, field.label]) {
      if (!candidates.has(normalize(name))) candidates.set(normalize(name), `field:${field.key}`);
    }
  }
  const used = new Set<ImportTarget>();
  const mapping: ImportMapping = {};
  for (const header of headers) {
    const target = candidates.get(normalize(header));
    mapping[header] = target && !used.has(target) ? target : null;
    if (target) used.add(target);
  }
  return mapping;
}
