// The report of an import as a CSV download (line, email, outcome, message), read in pages of 1,000 by line:
// invalid lines (not imported), warnings (imported without the values the message names) and duplicates (an
// earlier line had the email; the message says what happened).
import { sql } from "@/server/db/pool";
import { csvStream } from "@/lib/csv/csv-stream";
import { getImport } from "./get-import";

export async function exportImportErrorsCsv({
  workspaceId,
  importId,
}: {
  workspaceId: string;
  importId: string;
}): Promise<ReadableStream<Uint8Array>> {
  await getImport({ workspaceId, importId }); // 404 before any byte is sent
  let afterLine = 0;
  return csvStream(
    ["line", "email", "outcome", "message"],
    async () => {
      type Row = { line: number; email: string | null; message: string; duplicateOf: number | null; imported: boolean };
      const rows = await sql<Row>(
        `SELECT line, email, message, "duplicateOf", imported FROM "ContactImportError"
          WHERE "importId" = $1::uuid AND line > $2 ORDER BY line LIMIT 1000`,
        [importId, afterLine],
      );
      if (rows.length === 0) return null;
      afterLine = rows.at(-1)!.line;
      return rows.map((r) => [r.line, r.email, outcome(r), r.message]);
    },
    { bom: true },
  );
}

function outcome(r: { duplicateOf: number | null; imported: boolean }) {
  if (r.duplicateOf !== null) return "duplicate";
  return r.imported ? "imported with a warning" : "invalid";
}
