// The same email twice in one file, resolved as if the rows had been imported one after the other: with
// updateExisting the later row updates the earlier (blank cells leave values, so the rows merge), without it the
// later row is skipped. Either way the later row is counted as a duplicate (not as created, updated or skipped)
// and gets a line in the report naming the line it repeats, so the counters add up to the rows and nothing is
// overwritten silently. upsertContacts then sees each email once per batch.
import { emailKeyOf } from "@/server/services/contacts/contact-record";
import type { ValidContactInput } from "@/server/services/contacts/upsert-contacts";

/** `tags`: the names of the row's "Tags (per row)" cell, added on top of the import's tags. */
export type LinedRow = { line: number; row: ValidContactInput; tags?: string[] };
export type DuplicateNotice = { line: number; email: string; duplicateOf: number; message: string };

/** What happened to a repeat, for the report: said in full, as the marketer reads it without the rules at hand. */
export function duplicateMessage(first: number, updateExisting: boolean): string {
  return updateExisting
    ? `Same email as line ${first}: merged into that contact, this line's non-blank cells applied after line ${first}'s.`
    : `Same email as line ${first}: not imported; line ${first} was (existing contacts are not updated by this import).`;
}

/**
 * `earlier`: first line of each email in the batches already written (lowercased email → line). Returns the rows
 * for upsertContacts, the duplicates' notices, the first lines this batch adds, and `reapplied`: emails of earlier
 * batches updated again here (upsertContacts counts each as updated; they are duplicates instead), and the per-row
 * tag names by email key (a merged repeat adds its tags to the first line's; a skipped one adds none).
 */
export function mergeDuplicateRows(rows: LinedRow[], updateExisting: boolean, earlier = new Map<string, number>()) {
  const byKey = new Map<string, ValidContactInput>();
  const firstLines = new Map<string, number>();
  const tags = new Map<string, string[]>();
  const addTags = (key: string, names: string[] | undefined) => {
    if (names?.length) tags.set(key, [...(tags.get(key) ?? []), ...names]);
  };
  const duplicates: DuplicateNotice[] = [];
  let reapplied = 0;
  for (const { line, row, tags: rowTags } of rows) {
    const key = emailKeyOf(row.email);
    const first = earlier.get(key) ?? firstLines.get(key);
    if (first === undefined) {
      firstLines.set(key, line);
      byKey.set(key, row);
      addTags(key, rowTags);
      continue;
    }
    duplicates.push({ line, email: row.email, duplicateOf: first, message: duplicateMessage(first, updateExisting) });
    if (!updateExisting) continue;
    addTags(key, rowTags);
    const before = byKey.get(key);
    if (!before) {
      // Its first line was written by an earlier batch: this row updates that contact now.
      reapplied++;
      byKey.set(key, row);
      continue;
    }
    const { email: _keepFirstSpelling, fields, ...attrs } = row;
    byKey.set(key, {
      ...before,
      ...attrs,
      ...(fields || before.fields ? { fields: { ...before.fields, ...fields } } : {}),
    });
  }
  return { rows: [...byKey.values()], duplicates, firstLines, reapplied, tags };
}
