// The first lines of an import's report for the summary page (the full report is the CSV download).
import { sql } from "@/server/db/pool";
import type { ImportReportLine } from "@/lib/schemas/imports";
import { getImport } from "./get-import";

export const REPORT_PAGE_LINES = 100;

export async function listImportReport({
  workspaceId,
  importId,
}: {
  workspaceId: string;
  importId: string;
}): Promise<ImportReportLine[]> {
  await getImport({ workspaceId, importId }); // 404 for another workspace's import
  const rows = await sql<{
    line: number;
    email: string | null;
    message: string;
    duplicateOf: number | null;
    imported: boolean;
  }>(
    `SELECT line, email, message, "duplicateOf", imported FROM "ContactImportError"
      WHERE "importId" = $1::uuid ORDER BY line LIMIT $2`,
    [importId, REPORT_PAGE_LINES],
  );
  return rows.map((r) => ({
    line: r.line,
    email: r.email,
    outcome: r.duplicateOf !== null ? "duplicate" : r.imported ? "warning" : "invalid",
    message: r.message,
  }));
}
