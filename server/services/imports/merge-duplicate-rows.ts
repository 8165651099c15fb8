// The same email twice in one batch, resolved as if the rows had been imported one after the other: with
// updateExisting the later row updates the earlier (blank cells leave values, so the rows merge), without it the
// later row is skipped. upsertContacts then sees each email once, and the counters still add up to the rows.
import { emailKeyOf } from "@/server/services/contacts/contact-record";
import type { ValidContactInput } from "@/server/services/contacts/upsert-contacts";

export function mergeDuplicateRows(rows: ValidContactInput[], updateExisting: boolean) {
  const byKey = new Map<string, ValidContactInput>();
  let repeats = 0;
  for (const row of rows) {
    const key = emailKeyOf(row.email);
    const earlier = byKey.get(key);
    if (!earlier) {
      byKey.set(key, row);
      continue;
    }
    repeats++;
    if (!updateExisting) continue;
    const { email: _keepFirstSpelling, fields, ...attrs } = row;
    byKey.set(key, {
      ...earlier,
      ...attrs,
      ...(fields || earlier.fields ? { fields: { ...earlier.fields, ...fields } } : {}),
    });
  }
  // Sequentially, each repeat would have updated (or been skipped as) the contact its first row made or found.
  return { rows: [...byKey.values()], repeats };
}
