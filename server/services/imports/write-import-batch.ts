// One batch of an import, all in ONE transaction: the contacts, the error-report rows, the counters and the
// checkpoint (processedRows). A crash rolls all of it back, so a resumed job redoes exactly this batch and nothing
// is counted twice. The import row is locked first and the checkpoint compared, so two runs of the same job (a
// retry while the first still runs) can never both apply a batch.
import { db } from "@/server/db/client";
import { upsertContacts, type ValidContactInput } from "@/server/services/contacts/upsert-contacts";
import type { FieldDef } from "@/server/services/custom-fields/validate-fields";
import type { CsvRecord } from "./read-csv-records";
import { validateImportRow, type ColumnPlan } from "./validate-import-row";
import { mergeDuplicateRows } from "./merge-duplicate-rows";

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
};

/** false when the import moved on without us (another run, or no longer running): stop quietly. */
export async function writeImportBatch(batch: ImportBatch): Promise<boolean> {
  const valid: ValidContactInput[] = [];
  const errors: { importId: string; line: number; email: string | null; message: string }[] = [];
  for (const record of batch.records) {
    const result = validateImportRow(record.cells, batch.plan, batch.defs);
    if (result.ok) valid.push(result.row);
    else errors.push({ importId: batch.importId, line: record.line, email: result.email, message: result.message });
  }
  const { rows, repeats } = mergeDuplicateRows(valid, batch.updateExisting);

  return db().$transaction(
    async (tx) => {
      const [current] = await tx.$queryRaw<{ processedRows: number; status: string }[]>`
        SELECT "processedRows", status::text AS status FROM "ContactImport" WHERE id = ${batch.importId}::uuid
           FOR UPDATE`;
      if (!current || current.status !== "running" || current.processedRows !== batch.checkpoint) return false;
      const result = await upsertContacts(tx, {
        workspaceId: batch.workspaceId,
        rows,
        updateExisting: batch.updateExisting,
        source: "import",
        tagIds: batch.tagIds,
      });
      if (errors.length) await tx.contactImportError.createMany({ data: errors, skipDuplicates: true });
      await tx.$executeRaw`
        UPDATE "ContactImport"
           SET "processedRows" = ${batch.checkpoint + batch.records.length},
               "createdCount" = "createdCount" + ${result.created},
               "updatedCount" = "updatedCount" + ${result.updated + (batch.updateExisting ? repeats : 0)},
               "skippedCount" = "skippedCount" + ${result.skipped + (batch.updateExisting ? 0 : repeats)},
               "invalidCount" = "invalidCount" + ${errors.length}
         WHERE id = ${batch.importId}::uuid`;
      return true;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
