// One batch of an import, all in ONE transaction: the contacts, the report rows (invalid lines and duplicates),
// the first line of each new email, the counters and the checkpoint (processedRows). A crash rolls all of it back,
// so a resumed job redoes exactly this batch and nothing is counted twice. The import row is locked first and the
// checkpoint compared, so two runs of the same job (a retry while the first still runs) can never both apply a batch.
import { db } from "@/server/db/client";
import { emailKeyOf } from "@/server/services/contacts/contact-record";
import { upsertContacts } from "@/server/services/contacts/upsert-contacts";
import type { FieldDef } from "@/server/services/custom-fields/validate-fields";
import { ENCODING_LABELS, type ImportEncoding } from "@/lib/csv/text-encoding";
import type { CsvRecord } from "./read-csv-records";
import { validateImportRow, type ColumnPlan } from "./validate-import-row";
import { mergeDuplicateRows, type LinedRow } from "./merge-duplicate-rows";

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

type ReportRow = { importId: string; line: number; email: string | null; message: string; duplicateOf?: number };

/** false when the import moved on without us (another run, or no longer running): stop quietly. */
export async function writeImportBatch(batch: ImportBatch): Promise<boolean> {
  const valid: LinedRow[] = [];
  const invalid: ReportRow[] = [];
  for (const record of batch.records) {
    // Never store U+FFFD in place of bytes the encoding could not read: the row is reported instead.
    const result = record.undecodable
      ? { ok: false as const, email: null, message: undecodableMessage(batch.encoding) }
      : validateImportRow(record.cells, batch.plan, batch.defs);
    if (result.ok) valid.push({ line: record.line, row: result.row });
    else invalid.push({ importId: batch.importId, line: record.line, email: result.email, message: result.message });
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
      const { rows, duplicates, firstLines, reapplied } = mergeDuplicateRows(
        valid,
        batch.updateExisting,
        new Map(seen.map((s) => [s.emailKey, s.line])),
      );
      const result = await upsertContacts(tx, {
        workspaceId: batch.workspaceId,
        rows,
        updateExisting: batch.updateExisting,
        source: "import",
        tagIds: batch.tagIds,
      });
      const report: ReportRow[] = [...invalid, ...duplicates.map((d) => ({ importId: batch.importId, ...d }))];
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
               "duplicateCount" = "duplicateCount" + ${duplicates.length}
         WHERE id = ${batch.importId}::uuid`;
      return true;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

function undecodableMessage(encoding: ImportEncoding): string {
  return (
    `The line has bytes that are not valid ${ENCODING_LABELS[encoding]} text, so nothing of it was imported. ` +
    "Upload the file again and pick its encoding in the preview."
  );
}
