import { db } from "@/server/db/client";
import { apiKeySelect, toApiKeySummary } from "./api-key-record";

/** Active keys first, newest first; revoked keys stay listed so their history is visible. */
export async function listApiKeys({ workspaceId }: { workspaceId: string }) {
  const rows = await db().apiKey.findMany({
    where: { workspaceId },
    select: apiKeySelect,
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
  });
  return rows.map(toApiKeySummary);
}
