// A CSV download as a pull-driven byte stream: the next batch is fetched only when the client has taken the last
// one, so a slow download holds one batch in memory, never the whole file.
import { csvRow } from "./escape-csv-cell";

export type CsvCell = string | number | boolean | null | undefined;

/**
 * `nextRows` returns the next batch of records, or null when there are no more. `bom` prepends a UTF-8 byte order
 * mark, which Excel needs to read UTF-8 (programs reading the API's exports are better off without it).
 */
export function csvStream(
  header: readonly string[],
  nextRows: () => Promise<CsvCell[][] | null>,
  { bom = false }: { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode((bom ? "\ufeff" : "") + csvRow(header)));
        return;
      }
      const rows = await nextRows();
      if (!rows || rows.length === 0) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(rows.map(csvRow).join("")));
    },
  });
}
