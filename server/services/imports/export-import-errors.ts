// The error report of an import as a CSV download (line, email, message), read in pages of 1,000 by line.
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
    ["line", "email", "message"],
    async () => {
      const rows = await sql<{ line: number; email: string | null; message: string }>(
        `SELECT line, email, message FROM "ContactImportError"
          WHERE "importId" = $1::uuid AND line > $2 ORDER BY line LIMIT 1000`,
        [importId, afterLine],
      );
      if (rows.length === 0) return null;
      afterLine = rows.at(-1)!.line;
      return rows.map((r) => [r.line, r.email, r.message]);
    },
    { bom: true },
  );
}
