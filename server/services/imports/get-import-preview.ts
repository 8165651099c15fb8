// The mapping step's data again (headers, first rows, suggested mapping) after a page reload: read from the
// stored file's first chunk, so the upload's answer need not be kept anywhere.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { suggestMapping } from "@/lib/csv/suggest-mapping";
import type { ImportPreview } from "@/lib/schemas/imports";
import { readCsvRecords } from "./read-csv-records";
import { readImportChunks } from "./read-import-chunks";
import { previewRecords } from "./preview-records";

export async function getImportPreview({
  workspaceId,
  importId,
}: {
  workspaceId: string;
  importId: string;
}): Promise<ImportPreview> {
  const row = await db().contactImport.findFirst({
    where: { id: importId, workspaceId },
    select: { id: true, filename: true, sizeBytes: true, totalRows: true },
  });
  if (!row) throw new AppError("NOT_FOUND", "Import not found.");
  const [{ headers, preview }, fields] = await Promise.all([
    previewRecords(readCsvRecords(readImportChunks(importId)), false),
    db().customField.findMany({ where: { workspaceId }, select: { key: true, label: true } }),
  ]);
  return { ...row, headers, preview, suggestedMapping: suggestMapping(headers, fields) };
}
