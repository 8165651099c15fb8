export const apiKeySelect = {
  id: true,
  name: true,
  scope: true,
  hint: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
  createdBy: { select: { name: true, email: true } },
} as const;

type ApiKeyRow = {
  id: string;
  name: string;
  scope: "read" | "write";
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
  createdBy: { name: string | null; email: string } | null;
};

export function toApiKeySummary(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    /** Who created it: their name, else their email; null once that person's account is gone. */
    createdBy: row.createdBy ? (row.createdBy.name ?? row.createdBy.email) : null,
  };
}

export type ApiKeySummary = ReturnType<typeof toApiKeySummary>;
