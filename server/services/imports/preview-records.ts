// Headers, the first rows and (optionally) the row count of a CSV record stream: the upload's answer and the
// mapping step's data after a page reload.
import { uniqueHeaders } from "@/lib/csv/unique-headers";
import { AppError } from "@/server/errors";
import type { CsvRecord } from "./read-csv-records";

export const PREVIEW_ROWS = 10;

export type RecordsPreview = { headers: string[]; preview: string[][]; totalRows: number };

/** With `countAll: false` it stops reading after the preview rows (totalRows is then a lower bound). */
export async function previewRecords(records: AsyncIterable<CsvRecord>, countAll: boolean): Promise<RecordsPreview> {
  let headers: string[] | null = null;
  const preview: string[][] = [];
  let totalRows = 0;
  for await (const { cells } of records) {
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
  if (countAll && totalRows === 0) {
    throw new AppError("VALIDATION", "The file has a header row but no contacts below it.");
  }
  return { headers, preview, totalRows };
}
