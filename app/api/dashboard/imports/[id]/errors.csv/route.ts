// GET /api/dashboard/imports/{id}/errors.csv – the report (line, email, outcome, message: invalid lines and duplicates) as a CSV download
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { exportImportErrorsCsv } from "@/server/services/imports/export-import-errors";

export const GET = withSession("contacts.import", { params: ZIdParams }, async ({ workspaceId, params }) => {
  const stream = await exportImportErrorsCsv({ workspaceId, importId: params.id });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-errors-${params.id.slice(0, 8)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
