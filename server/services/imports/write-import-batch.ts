// One batch of an import, all in ONE transaction: the contacts, their per-row tags, the report rows (invalid lines,
// duplicates and warnings: lines imported without a bad optional value),
// the first line of each new email, the counters and the checkpoint (processedRows). A crash rolls all of it back,
// so a resumed job redoes exactly this batch and nothing is counted twice. The import row is locked first and the
// checkpoint compared, so two runs of the same job (a retry while the first still runs) can never both apply a batch.
import { db } from "@/server/db/client";
import { emailKeyOf } from "@/server/services/contacts/contact-record";
import { upsertContacts, type ValidContactInput } from "@/server/services/contacts/upsert-contacts";
import type { Tx } from "@/server/events/record-event";
import type { FieldDef } from "@/server/services/custom-fields/validate-fields";
import { ENCODING_LABELS, type ImportEncoding } from "@/lib/csv/text-encoding";
import type { CsvRecord } from "./read-csv-records";
import { validateImportRow, type ColumnPlan } from "./validate-import-row";
import { mergeDuplicateRows, type LinedRow } from "./merge-duplicate-rows";
import { keepContactStatus } from "./keep-contact-status";
import { linkRowTags, resolveTagNames } from "./import-row-tags";
import { tagNameKey } from "@/server/services/tags/tag-record";

export type ImportBatch = {
  importId: string;
  workspaceId: string;
  /** processedRows this batch starts from. */
  checkpoint: number;
  records: CsvRecord[];
  plan: ColumnPlan;
  defs: FieldDef[];
  tagIds: string[];
  updateExisting: boolean;
  encoding: ImportEncoding;
};

type ReportRow = {
  importId: string;
  line: number;
  email: string | null;
  message: string;
  duplicateOf?: number;
  imported?: boolean;
};

/** false when the import moved on without us (another run, or no longer running): stop quietly. */
export async function writeImportBatch(batch: ImportBatch): Promise<boolean> {
  const valid: LinedRow[] = [];
  const invalid: ReportRow[] = [];
  const warnings = new Map<number, string[]>();
  const warn = (line: number, message: string) => warnings.set(line, [...(warnings.get(line) ?? []), message]);
  for (const record of batch.records) {
    // Never store U+FFFD in place of bytes the encoding could not read: the row is reported instead.
    const result = record.undecodable
      ? { ok: false as const, email: null, message: undecodableMessage(batch.encoding) }
      : validateImportRow(record.cells, batch.plan, batch.defs);
    if (result.ok) {
      valid.push({ line: record.line, row: result.row, tags: result.tags });
      for (const w of result.warnings) warn(record.line, w);
    } else invalid.push({ importId: batch.importId, line: record.line, email: result.email, message: result.message });
  }
  const keys = [...new Set(valid.map((v) => emailKeyOf(v.row.email)))];

  return db().$transaction(
    async (tx) => {
      const [current] = await tx.$queryRaw<{ processedRows: number; status: string }[]>`
        SELECT "processedRows", status::text AS status FROM "ContactImport" WHERE id = ${batch.importId}::uuid
           FOR UPDATE`;
      if (!current || current.status !== "running" || current.processedRows !== batch.checkpoint) return false;
      // Raw SQL with array parameters: one small statement each, however many rows the batch has.
      const seen = await tx.$queryRaw<{ emailKey: string; line: number }[]>`
        SELECT "emailKey", line FROM "ContactImportEmail"
         WHERE "importId" = ${batch.importId}::uuid AND "emailKey" = ANY(${keys}::text[])`;
      if (batch.updateExisting && batch.plan.status !== null) {
        const kept = await keepContactStatus(tx, batch.workspaceId, valid, batch.plan.headers[batch.plan.status]!);
        for (const [line, message] of kept) warn(line, message);
      }
      const { rows, duplicates, firstLines, reapplied, tags } = mergeDuplicateRows(
        valid,
        batch.updateExisting,
        new Map(seen.map((s) => [s.emailKey, s.line])),
      );
      // Without updateExisting, contacts already here are skipped: their per-row tags are not added either.
      const skippedKeys =
        batch.updateExisting || tags.size === 0 ? new Set<string>() : await existingKeys(tx, batch, keys);
      const result = await upsertContacts(tx, {
        workspaceId: batch.workspaceId,
        rows,
        updateExisting: batch.updateExisting,
        source: "import",
        tagIds: batch.tagIds,
      });
      await tagRows(tx, batch.workspaceId, { rows, contactIds: result.contactIds, tags, skippedKeys });
      // One report row per line: a repeat's warnings follow its duplicate notice; other warned lines are imported.
      const dupLines = new Set(duplicates.map((d) => d.line));
      const report: ReportRow[] = [
        ...invalid,
        ...duplicates.map((d) => ({
          importId: batch.importId,
          ...d,
          message: [d.message, ...(warnings.get(d.line) ?? [])].join(" ").slice(0, 2000),
        })),
      ];
      const emailOfLine = new Map(valid.map((v) => [v.line, v.row.email]));
      let warned = 0;
      for (const line of [...warnings.keys()].filter((l) => !dupLines.has(l)).sort((a, b) => a - b)) {
        const email = emailOfLine.get(line) ?? null;
        const message = warnings.get(line)!.join(" ").slice(0, 2000);
        report.push({ importId: batch.importId, line, email, message, imported: true });
        warned++;
      }
      if (report.length) await tx.contactImportError.createMany({ data: report, skipDuplicates: true });
      if (firstLines.size) {
        await tx.$executeRaw`
          INSERT INTO "ContactImportEmail" ("importId", "emailKey", line)
          SELECT ${batch.importId}::uuid, key, line
            FROM unnest(${[...firstLines.keys()]}::text[], ${[...firstLines.values()]}::int[]) AS t(key, line)
              ON CONFLICT DO NOTHING`;
      }
      await tx.$executeRaw`
        UPDATE "ContactImport"
           SET "processedRows" = ${batch.checkpoint + batch.records.length},
               "createdCount" = "createdCount" + ${result.created},
               "updatedCount" = "updatedCount" + ${result.updated - reapplied},
               "skippedCount" = "skippedCount" + ${result.skipped},
               "invalidCount" = "invalidCount" + ${invalid.length},
               "duplicateCount" = "duplicateCount" + ${duplicates.length},
               "warningCount" = "warningCount" + ${warned}
         WHERE id = ${batch.importId}::uuid`;
      return true;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

async function existingKeys(tx: Tx, batch: ImportBatch, keys: string[]) {
  const rows = await tx.$queryRaw<{ emailKey: string }[]>`
    SELECT "emailKey" FROM "Contact" WHERE "workspaceId" = ${batch.workspaceId}::uuid AND "emailKey" = ANY(${keys}::text[])`;
  return new Set(rows.map((r) => r.emailKey));
}

/** Per-row tags: upsertContacts answers the contact ids in the order of `rows` (one row per email). */
async function tagRows(
  tx: Tx,
  workspaceId: string,
  args: { rows: ValidContactInput[]; contactIds: string[]; tags: Map<string, string[]>; skippedKeys: Set<string> },
) {
  if (args.tags.size === 0) return;
  const tagIdOf = await resolveTagNames(tx, workspaceId, [...args.tags.values()].flat());
  const pairs: { contactId: string; tagId: string }[] = [];
  args.rows.forEach((row, i) => {
    const key = emailKeyOf(row.email);
    if (args.skippedKeys.has(key)) return;
    const ids = new Set((args.tags.get(key) ?? []).map((name) => tagIdOf.get(tagNameKey(name))!));
    for (const tagId of ids) pairs.push({ contactId: args.contactIds[i]!, tagId });
  });
  await linkRowTags(tx, workspaceId, pairs);
}

function undecodableMessage(encoding: ImportEncoding): string {
  return (
    `The line has bytes that are not valid ${ENCODING_LABELS[encoding]} text, so nothing of it was imported. ` +
    "Upload the file again and pick its encoding in the preview."
  );
}
