import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/** Revokes at once: keys are looked up on every request, so the next request with it fails. */
export async function revokeApiKey({ workspaceId, keyId }: { workspaceId: string; keyId: string }) {
  const { count } = await db().apiKey.updateMany({
    where: { id: keyId, workspaceId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "API key not found or already revoked.");
}
