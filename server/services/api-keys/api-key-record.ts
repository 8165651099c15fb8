export const apiKeySelect = {
  id: true,
  name: true,
  scope: true,
  hint: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

type ApiKeyRow = {
  id: string;
  name: string;
  scope: "read" | "write";
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
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
  };
}

export type ApiKeySummary = ReturnType<typeof toApiKeySummary>;
