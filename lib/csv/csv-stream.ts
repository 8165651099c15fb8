// A CSV download as a pull-driven byte stream: the next batch is fetched only when the client has taken the last
// one, so a slow download holds one batch in memory, never the whole file.
import { csvRow } from "./escape-csv-cell";

export type CsvCell = string | number | boolean | null | undefined;

/**
 * `nextRows` returns the next batch of records, or null when there are no more. `bom` prepends a UTF-8 byte order
 * mark, which Excel needs to read UTF-8 (programs reading the API's exports are better off without it).
 *
 * A download must never end early looking complete. The first batch is read before the stream is returned, so what
 * fails there (a query the database refuses, a database that is down) rejects here and the route answers a problem
 * before any byte. A batch that fails later errors the stream, and is logged with `context`: the server then drops
 * the connection without ending the chunked body, so the client sees a failed download rather than a short file.
 */
export async function csvStream(
  header: readonly string[],
  nextRows: () => Promise<CsvCell[][] | null>,
  { bom = false, context = {} }: { bom?: boolean; context?: Record<string, unknown> } = {},
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  let first: CsvCell[][] | null | undefined = await nextRows();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode((bom ? "\ufeff" : "") + csvRow(header)));
    },
    async pull(controller) {
      let rows: CsvCell[][] | null;
      if (first !== undefined) {
        [rows, first] = [first, undefined];
      } else {
        try {
          rows = await nextRows();
        } catch (error) {
          console.error(
            JSON.stringify({
              level: "error",
              source: "csv-download",
              ...context,
              error: String(error),
              stack: (error as Error)?.stack,
            }),
          );
          throw error;
        }
      }
      if (!rows || rows.length === 0) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(rows.map(csvRow).join("")));
    },
  });
}
