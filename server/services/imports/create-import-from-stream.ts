// Upload of a CSV file: the bytes go straight into ~1 MB ContactImportChunk rows as they arrive (never the whole
// file in memory), while the same bytes run through the CSV parser for the header, a preview and the row count.
// A file that is not readable CSV is refused here, with the line, rather than failing later in the job.
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { suggestMapping } from "@/lib/csv/suggest-mapping";
import type { ImportPreview } from "@/lib/schemas/imports";
import { CsvFileError, readCsvRecords } from "./read-csv-records";
import { previewRecords } from "./preview-records";

export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
export const CHUNK_BYTES = 1024 * 1024;

export type CreateImportInput = {
  workspaceId: string;
  userId?: string | null;
  filename: string;
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Overridable so tests can cut small files into many chunks. */
  chunkBytes?: number;
  maxBytes?: number;
};

export async function createImportFromStream(input: CreateImportInput): Promise<ImportPreview> {
  const { workspaceId, filename, chunkBytes = CHUNK_BYTES, maxBytes = MAX_IMPORT_BYTES } = input;
  const record = await db().contactImport.create({
    data: { workspaceId, filename, sizeBytes: 0, createdById: input.userId ?? null },
    select: { id: true },
  });
  let sizeBytes = 0;
  async function* storeChunks(): AsyncGenerator<Uint8Array> {
    let parts: Uint8Array[] = [];
    let partsBytes = 0;
    let index = 0;
    const write = (data: Buffer) =>
      sql(`INSERT INTO "ContactImportChunk" ("importId", "index", data) VALUES ($1::uuid, $2, $3)`, [
        record.id,
        index++,
        data,
      ]);
    for await (const piece of input.body) {
      sizeBytes += piece.byteLength;
      if (sizeBytes > maxBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", `Files are limited to ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      }
      parts.push(piece);
      partsBytes += piece.byteLength;
      // Exactly chunkBytes per row (the last one shorter), wherever the network happened to cut the stream.
      while (partsBytes >= chunkBytes) {
        const all = Buffer.concat(parts, partsBytes);
        await write(all.subarray(0, chunkBytes));
        parts = partsBytes > chunkBytes ? [all.subarray(chunkBytes)] : [];
        partsBytes -= chunkBytes;
      }
      yield piece;
    }
    if (partsBytes > 0) await write(Buffer.concat(parts, partsBytes));
  }
  try {
    const { headers, preview, totalRows } = await previewRecords(readCsvRecords(storeChunks()), true);
    await db().contactImport.update({ where: { id: record.id }, data: { sizeBytes, totalRows } });
    const fields = await db().customField.findMany({ where: { workspaceId }, select: { key: true, label: true } });
    return {
      id: record.id,
      filename,
      sizeBytes,
      totalRows,
      headers,
      preview,
      suggestedMapping: suggestMapping(headers, fields),
    };
  } catch (error) {
    // Chunks go with their import (cascade); nothing of a refused upload stays behind.
    await db()
      .contactImport.delete({ where: { id: record.id } })
      .catch(() => {});
    if (error instanceof CsvFileError) throw new AppError("VALIDATION", error.message);
    throw error;
  }
}
