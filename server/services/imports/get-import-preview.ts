// The preview step's data again (headers, first rows, suggested mapping, undecodable lines) after a page reload,
// or decoded with another encoding the marketer picks: read from the stored file, so the upload's answer need not
// be kept anywhere. The whole file is read for the count of undecodable lines.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { suggestMapping } from "@/lib/csv/suggest-mapping";
import type { ImportEncoding } from "@/lib/csv/text-encoding";
import type { ImportPreview } from "@/lib/schemas/imports";
import { readCsvRecords } from "./read-csv-records";
import { readImportChunks } from "./read-import-chunks";
import { previewRecords } from "./preview-records";
import { storedEncoding } from "./import-record";

export async function getImportPreview({
  workspaceId,
  importId,
  encoding,
}: {
  workspaceId: string;
  importId: string;
  encoding?: ImportEncoding;
}): Promise<ImportPreview> {
  const row = await db().contactImport.findFirst({
    where: { id: importId, workspaceId },
    select: { id: true, filename: true, sizeBytes: true, totalRows: true, encoding: true },
  });
  if (!row) throw new AppError("NOT_FOUND", "Import not found.");
  const detectedEncoding = storedEncoding(row.encoding);
  const used = encoding ?? detectedEncoding;
  const [{ headers, preview, undecodable }, fields] = await Promise.all([
    previewRecords(readCsvRecords(readImportChunks(importId), used), true),
    db().customField.findMany({ where: { workspaceId }, select: { key: true, label: true } }),
  ]);
  return {
    id: row.id,
    filename: row.filename,
    sizeBytes: row.sizeBytes,
    totalRows: row.totalRows,
    headers,
    preview,
    suggestedMapping: suggestMapping(headers, fields),
    encoding: used,
    detectedEncoding,
    undecodable,
  };
}
