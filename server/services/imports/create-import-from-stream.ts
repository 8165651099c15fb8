// Upload of a CSV file: the bytes go straight into ~1 MB ContactImportChunk rows as they arrive (never the whole
// file in memory), while the same bytes run through the CSV parser for the header, a preview and the row count.
// The first bytes decide first whether this is text at all (an image or a program is refused before anything is
// stored) and in which encoding. A file that is not readable CSV is refused here, with the line, rather than
// failing later in the job.
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { suggestMapping } from "@/lib/csv/suggest-mapping";
import { detectEncoding, utf8Census, type ImportEncoding } from "@/lib/csv/text-encoding";
import { nonTextReason } from "@/lib/csv/sniff-non-text";
import type { ImportPreview } from "@/lib/schemas/imports";
import { CsvFileError, readCsvRecords } from "./read-csv-records";
import { readImportChunks } from "./read-import-chunks";
import { previewRecords } from "./preview-records";
import { peekStart } from "./peek-start";

export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
export const CHUNK_BYTES = 1024 * 1024;
/** How much of the file's start decides "is it text" and its encoding. */
const HEAD_BYTES = 8 * 1024;

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
  const peeked = await peekStart(input.body, HEAD_BYTES, (piece) => piece.byteLength);
  const head = Buffer.concat(peeked.start, peeked.size).subarray(0, HEAD_BYTES);
  const pieces = peeked.whole;
  if (head.length === 0) throw new AppError("VALIDATION", "The file is empty.");
  const detected = detectEncoding(head);
  const reason = nonTextReason(head, new TextDecoder(detected).decode(head, { stream: true }), detected);
  if (reason) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `This file is not a CSV text file: ${reason}. Export the list as CSV (in Excel: File › Save As › CSV UTF-8) and upload that file.`,
    );
  }
  const record = await db().contactImport.create({
    data: { workspaceId, filename, sizeBytes: 0, createdById: input.userId ?? null, encoding: detected },
    select: { id: true },
  });
  let sizeBytes = 0;
  // The head only shows the start: a Latin-1 "é" first on line 5,000 makes the file Windows-1252 after all.
  const utf8 = utf8Census();
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
    for await (const piece of pieces) {
      sizeBytes += piece.byteLength;
      if (sizeBytes > maxBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", `Files are limited to ${Math.round(maxBytes / 1024 / 1024)} MB.`);
      }
      if (detected === "utf-8") utf8.push(piece);
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
    let encoding: ImportEncoding = detected;
    let result = await previewRecords(readCsvRecords(storeChunks(), detected), true);
    const hasUtf8Bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    if (detected === "utf-8" && !hasUtf8Bom && utf8.verdict(true) === "windows-1252") {
      // Windows-1252 decodes every byte, and the line structure is the same (both are ASCII-compatible), so the
      // row count stands; the header and preview rows are read again from the stored start of the file.
      encoding = "windows-1252";
      const again = await previewRecords(readCsvRecords(readImportChunks(record.id), encoding), false);
      result = { ...again, totalRows: result.totalRows };
    }
    const { headers, preview, totalRows, undecodable } = result;
    if (totalRows === 0) throw new AppError("VALIDATION", "The file has a header row but no contacts below it.");
    await db().contactImport.update({ where: { id: record.id }, data: { sizeBytes, totalRows, encoding } });
    const fields = await db().customField.findMany({ where: { workspaceId }, select: { key: true, label: true } });
    return {
      id: record.id,
      filename,
      sizeBytes,
      totalRows,
      headers,
      preview,
      suggestedMapping: suggestMapping(headers, fields),
      encoding,
      detectedEncoding: encoding,
      undecodable,
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
