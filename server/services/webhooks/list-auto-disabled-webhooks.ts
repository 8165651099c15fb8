// Webhooks Sendwell turned off because they kept failing: the dashboard tells the workspace on every page.
import { sql } from "@/server/db/pool";

export type AutoDisabledWebhook = { id: string; url: string; disabledAt: Date };

export async function listAutoDisabledWebhooks({ workspaceId }: { workspaceId: string }) {
  return sql<AutoDisabledWebhook>(
    `SELECT id, url, "disabledAt" FROM "Webhook"
      WHERE "workspaceId" = $1 AND NOT "isActive" AND "disabledAt" IS NOT NULL
      ORDER BY "disabledAt" DESC`,
    [workspaceId],
  );
}
