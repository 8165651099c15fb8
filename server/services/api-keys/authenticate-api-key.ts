import { db } from "@/server/db/client";
import { preparedSql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { hashApiKey, isWellFormedApiKey } from "@/server/auth/api-key-format";

export type ApiAuth = { keyId: string; workspaceId: string; scope: "read" | "write"; hint: string };

type KeyRow = {
  id: string;
  workspaceId: string;
  scope: "read" | "write";
  hint: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

const LAST_USED_GRANULARITY_MS = 60_000;
const INVALID = "The API key is missing, malformed, unknown or revoked. Send a valid key in the X-API-Key header.";

/** Looks up a presented key on every request (no caching, so revocation is immediate). */
export async function authenticateApiKey(presented: string | null): Promise<ApiAuth> {
  if (!presented || !isWellFormedApiKey(presented)) throw new AppError("UNAUTHORIZED", INVALID);
  // Hot path of every API request: one prepared SQL statement instead of Prisma's query layer (server/db/pool.ts).
  const [key] = await preparedSql<KeyRow>(
    'SELECT id, "workspaceId", scope, hint, "revokedAt", "expiresAt", "lastUsedAt" FROM "ApiKey" WHERE "keyHash" = $1',
    [hashApiKey(presented)],
  );
  if (!key || key.revokedAt) throw new AppError("UNAUTHORIZED", INVALID);
  const now = Date.now();
  // Said plainly, unlike an unknown key: whoever holds an expired key held a valid one and needs to know to replace
  // it, and the moment tells them whether it just lapsed.
  if (key.expiresAt && key.expiresAt.getTime() <= now)
    throw new AppError(
      "UNAUTHORIZED",
      `The API key expired on ${key.expiresAt.toISOString()}. Create a new key in the dashboard under Settings → API keys.`,
    );
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    // At most one write a minute per key; a lost race only means two identical writes.
    void db()
      .apiKey.updateMany({
        where: {
          id: key.id,
          OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_GRANULARITY_MS) } }],
        },
        data: { lastUsedAt: new Date(now) },
      })
      .catch(() => {});
  }
  return { keyId: key.id, workspaceId: key.workspaceId, scope: key.scope, hint: key.hint };
}
