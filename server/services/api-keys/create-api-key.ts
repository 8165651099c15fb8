import { db } from "@/server/db/client";
import { apiKeyHint, generateApiKey, hashApiKey } from "@/server/auth/api-key-format";
import type { CreateApiKeyInput } from "@/lib/schemas/account";
import { apiKeySelect, toApiKeySummary } from "./api-key-record";

/** Creates a key and returns its plaintext exactly once; only its sha256 and a hint are stored. */
export async function createApiKey({
  workspaceId,
  userId,
  input,
}: {
  workspaceId: string;
  userId?: string;
  /** expiresAt optional here: the CLI and scripts create keys that never expire. */
  input: Omit<CreateApiKeyInput, "expiresAt"> & { expiresAt?: Date | null };
}) {
  const plaintext = generateApiKey();
  const row = await db().apiKey.create({
    data: {
      workspaceId,
      name: input.name,
      scope: input.scope,
      keyHash: hashApiKey(plaintext),
      hint: apiKeyHint(plaintext),
      createdById: userId ?? null,
      expiresAt: input.expiresAt ?? null,
    },
    select: apiKeySelect,
  });
  return { key: toApiKeySummary(row), plaintext };
}
