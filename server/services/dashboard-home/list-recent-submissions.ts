// The home page's last form submissions across the workspace's forms (deleted forms left out). FormSubmission is
// indexed by (formId, submittedAt), not by workspace: each form gives its own newest few through that index and the
// few dozen rows are merged, instead of sorting every submission the workspace ever had.
import "server-only";
import type { RecentSubmission } from "@/lib/broadcast-report";
import { sql } from "@/server/db/pool";

export async function listRecentSubmissions({
  workspaceId,
  limit = 10,
}: {
  workspaceId: string;
  limit?: number;
}): Promise<RecentSubmission[]> {
  const rows = await sql<{
    id: string;
    formId: string;
    formName: string;
    email: string;
    contactId: string;
    submittedAt: Date;
  }>(
    `SELECT s.id, f.id AS "formId", f.name AS "formName", s."contactEmail" AS email, s."contactId", s."submittedAt"
       FROM "Form" f
       CROSS JOIN LATERAL (
         SELECT id, "contactEmail", "contactId", "submittedAt" FROM "FormSubmission"
          WHERE "formId" = f.id ORDER BY "submittedAt" DESC, id DESC LIMIT $2) s
      WHERE f."workspaceId" = $1 AND f."deletedAt" IS NULL
      ORDER BY s."submittedAt" DESC, s.id DESC
      LIMIT $2`,
    [workspaceId, limit],
  );
  return rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }));
}
