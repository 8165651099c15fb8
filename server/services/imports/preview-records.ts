// Headers, the first rows, the row count and the lines the encoding cannot decode, from a CSV record stream: the
// upload's answer and the preview step's data (again after a page reload, or decoded with another encoding).
import { uniqueHeaders } from "@/lib/csv/unique-headers";
import { AppError } from "@/server/errors";
import type { UndecodableLines } from "@/lib/schemas/imports";
import type { CsvRecord } from "./read-csv-records";

export const PREVIEW_ROWS = 10;
const EXAMPLE_CHARS = 200;

export type RecordsPreview = {
  headers: string[];
  preview: string[][];
  totalRows: number;
  undecodable: UndecodableLines;
};

/**
 * With `countAll: false` it stops reading after the preview rows (totalRows and undecodable then cover those
 * only). The header row counts among the undecodable lines too: its names would be mangled as well.
 */
export async function previewRecords(records: AsyncIterable<CsvRecord>, countAll: boolean): Promise<RecordsPreview> {
  let headers: string[] | null = null;
  const preview: string[][] = [];
  let totalRows = 0;
  const undecodable: UndecodableLines = { lines: 0, example: null };
  for await (const { line, cells, undecodable: bad } of records) {
    if (bad) {
      undecodable.lines++;
      undecodable.example ??= { line, text: cells.join(", ").slice(0, EXAMPLE_CHARS) };
    }
    if (!headers) {
      headers = uniqueHeaders(cells);
      continue;
    }
    totalRows++;
    // Rectangular for the UI: cells beyond the header row are never imported, missing ones are blank.
    if (preview.length < PREVIEW_ROWS) preview.push(headers.map((_, i) => cells[i] ?? ""));
    else if (!countAll) break;
  }
  if (!headers) throw new AppError("VALIDATION", "The file is empty.");
  return { headers, preview, totalRows, undecodable };
}
