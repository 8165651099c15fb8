// The import job's work, found entirely from durable rows (the job payload is just the id): claim the import,
// stream its stored file through the CSV parser, skip the rows already checkpointed, and write batches of 1,000.
// Running it twice, or again after a crash, resumes from processedRows and never counts a row twice.
import { sql } from "@/server/db/pool";
import { ZImportMapping } from "@/lib/schemas/imports";
import { uniqueHeaders } from "@/lib/csv/unique-headers";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { CsvFileError, readCsvRecords, type CsvRecord } from "./read-csv-records";
import { readImportChunks } from "./read-import-chunks";
import { planColumns, type ColumnPlan } from "./validate-import-row";
import { writeImportBatch } from "./write-import-batch";
import { storedEncoding } from "./import-record";

export const IMPORT_BATCH_ROWS = 1000;

/** Test seam: runs after each committed batch (throwing here simulates a crash between batches). */
export type RunImportHooks = { afterBatch?: (batchesDone: number) => void | Promise<void> };

/** A problem with the file or its mapping: retrying cannot help, so the import fails at once. */
class PermanentImportError extends Error {}

type Claimed = {
  workspaceId: string;
  mapping: unknown;
  tagIds: unknown;
  updateExisting: boolean;
  processedRows: number;
  encoding: string;
};

export async function runImport(importId: string, hooks: RunImportHooks = {}): Promise<void> {
  // queued: first run; running: a run that crashed or expired; failed: a pg-boss retry after an unexpected error.
  const [claimed] = await sql<Claimed>(
    `UPDATE "ContactImport" SET status = 'running', "startedAt" = COALESCE("startedAt", now()), error = NULL, "finishedAt" = NULL
      WHERE id = $1::uuid AND status IN ('queued', 'running', 'failed') AND mapping IS NOT NULL
      RETURNING "workspaceId", mapping, "tagIds", "updateExisting", "processedRows", encoding`,
    [importId],
  );
  if (!claimed) return; // completed, never started, or deleted: nothing to do
  try {
    const done = await processFile(importId, claimed, hooks);
    if (done !== null) {
      const completed = await sql(
        `UPDATE "ContactImport" SET status = 'completed', "finishedAt" = now(), "totalRows" = "processedRows"
          WHERE id = $1::uuid AND status = 'running' AND "processedRows" = $2 RETURNING id`,
        [importId, done],
      );
      // The first-line-of-each-email memory is only needed while rows remain.
      if (completed.length) await sql(`DELETE FROM "ContactImportEmail" WHERE "importId" = $1::uuid`, [importId]);
    }
  } catch (error) {
    const permanent = error instanceof CsvFileError || error instanceof PermanentImportError;
    if (!permanent) {
      // The details (possibly SQL) go to the worker's log, not to the dashboard.
      console.error(JSON.stringify({ level: "error", job: "import-contacts", importId, error: String(error) }));
    }
    const message = permanent
      ? (error as Error).message
      : "The import stopped unexpectedly. It resumes where it stopped when retried (automatically, or with Retry).";
    await sql(
      `UPDATE "ContactImport" SET status = 'failed', error = $2, "finishedAt" = now()
        WHERE id = $1::uuid AND status = 'running'`,
      [importId, message],
    );
    if (!permanent) throw error; // pg-boss retries it; the next run resumes from the checkpoint
  }
}

/** processedRows at the end, or null when another run took over. */
async function processFile(importId: string, claimed: Claimed, hooks: RunImportHooks): Promise<number | null> {
  const defs = await loadFieldDefs(claimed.workspaceId);
  const mapping = ZImportMapping.parse(claimed.mapping);
  const tagIds = Array.isArray(claimed.tagIds) ? claimed.tagIds.map(String) : [];
  let plan: ColumnPlan | null = null;
  let seen = 0; // data rows read so far, including the ones already processed by an earlier run
  let checkpoint = claimed.processedRows;
  let batch: CsvRecord[] = [];
  let batchesDone = 0;
  const flush = async () => {
    const ok = await writeImportBatch({
      importId,
      workspaceId: claimed.workspaceId,
      checkpoint,
      records: batch,
      plan: plan!,
      defs,
      tagIds,
      updateExisting: claimed.updateExisting,
      encoding,
    });
    if (!ok) return false;
    checkpoint += batch.length;
    batch = [];
    await hooks.afterBatch?.(++batchesDone);
    return true;
  };
  const encoding = storedEncoding(claimed.encoding);
  for await (const record of readCsvRecords(readImportChunks(importId), encoding)) {
    if (!plan) {
      try {
        plan = planColumns(uniqueHeaders(record.cells), mapping, defs);
      } catch (error) {
        throw new PermanentImportError((error as Error).message);
      }
      continue;
    }
    if (++seen <= claimed.processedRows) continue;
    batch.push(record);
    if (batch.length >= IMPORT_BATCH_ROWS && !(await flush())) return null;
  }
  if (!plan) throw new PermanentImportError("The file is empty.");
  if (batch.length > 0 && !(await flush())) return null;
  return checkpoint;
}
