import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/**
 * Removes a revoked key from the list. An active key is refused: deleting would look like revoking it while hiding
 * that it was ever used, so it is revoked first (and that is what makes requests with it fail).
 */
export async function deleteApiKey({ workspaceId, keyId }: { workspaceId: string; keyId: string }) {
  const { count } = await db().apiKey.deleteMany({ where: { id: keyId, workspaceId, revokedAt: { not: null } } });
  if (count > 0) return;
  const active = await db().apiKey.findFirst({ where: { id: keyId, workspaceId }, select: { id: true } });
  if (active) throw new AppError("CONFLICT", "Revoke this key before deleting it: it still works until it is revoked.");
  throw new AppError("NOT_FOUND", "API key not found. It may already be deleted.");
}
