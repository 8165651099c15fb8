// Which setup steps a workspace has done, read from what it holds (never from a flag that could drift): a sender
// address and a postal address saved, any contact, any form not deleted, any broadcast that started sending. One
// round trip: four EXISTS probes, each stopping at its first row.
import "server-only";
import type { SetupProgress } from "@/lib/setup-steps";
import { sql } from "@/server/db/pool";

export async function getSetupProgress({ workspaceId }: { workspaceId: string }): Promise<SetupProgress> {
  const [row] = await sql<SetupProgress>(
    `SELECT
       (coalesce(btrim(w."defaultFromEmail"), '') <> '' AND coalesce(btrim(w."postalAddress"), '') <> '') AS sender,
       EXISTS (SELECT 1 FROM "Contact" c WHERE c."workspaceId" = w.id) AS contacts,
       EXISTS (SELECT 1 FROM "Form" f WHERE f."workspaceId" = w.id AND f."deletedAt" IS NULL) AS form,
       EXISTS (SELECT 1 FROM "Broadcast" b WHERE b."workspaceId" = w.id AND b.status IN ('sending', 'sent')
                 AND b."automationId" IS NULL) AS broadcast
     FROM "Workspace" w WHERE w.id = $1`,
    [workspaceId],
  );
  return row ?? { sender: false, contacts: false, form: false, broadcast: false };
}
