// A workspace's data as rows: every table with a workspaceId column, the workspace row itself, and rows of tables
// that hang off those by a single-column foreign key (ContactTag, import chunks). Found from the catalog, so tables of
// later issues are included without being named here.
import { sql } from "@/server/db/pool";

type Source = { table: string; where: string; label: string };

/**
 * Columns and rows that other processes may change behind the test's back, left out of the fingerprint of the
 * workspace under test (not of the other one, which gets no events and no webhook tasks): the key's lastUsedAt
 * (written by successful requests at most once a minute), and the webhook dispatcher's bookkeeping, which a
 * dispatcher of another test file sharing this database may write while it delivers A's pending tasks.
 */
const VOLATILE: Record<string, string[]> = {
  '"ApiKey"': ["lastUsedAt"],
  '"Webhook"': [
    "consecutiveFailures",
    "failingSince",
    "lastSuccessAt",
    "lastFailureAt",
    "disabledAt",
    "disabledReason",
  ],
  '"WebhookTask"': ["status", "attemptCount", "nextAttemptAt"],
};
const VOLATILE_ROWS: Record<string, string> = { '"WebhookDelivery"': `AND t."trigger" <> 'event'` };

let sources: Promise<Source[]> | undefined;

function workspaceSources(): Promise<Source[]> {
  sources ??= (async () => {
    const owned = await sql<{ table: string }>(
      `SELECT c.oid::regclass::text AS table FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attname = 'workspaceId'
          AND NOT a.attisdropped ORDER BY 1`,
      [],
    );
    const children = await sql<{ table: string; col: string; parent: string }>(
      `SELECT k.conrelid::regclass::text AS table, a.attname AS col, k.confrelid::regclass::text AS parent
         FROM pg_constraint k JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
        WHERE k.contype = 'f' AND array_length(k.conkey, 1) = 1 AND k.connamespace = 'public'::regnamespace
        ORDER BY 1, 2`,
      [],
    );
    const ownedSet = new Set(owned.map((o) => o.table));
    return [
      { table: '"Workspace"', where: `t.id = $1`, label: "Workspace" },
      ...owned.map(({ table }) => ({ table, where: `t."workspaceId" = $1`, label: table })),
      ...children
        .filter((c) => !ownedSet.has(c.table) && ownedSet.has(c.parent))
        .map((c) => ({
          table: c.table,
          where: `t."${c.col}" IN (SELECT id FROM ${c.parent} WHERE "workspaceId" = $1)`,
          label: `${c.table} by ${c.col}`,
        })),
    ];
  })();
  return sources;
}

function rowsSql(s: Source, skipVolatile: boolean) {
  const drop = skipVolatile ? (VOLATILE[s.table] ?? []) : [];
  const row = drop.length ? `(to_jsonb(t) - ARRAY[${drop.map((c) => `'${c}'`).join(", ")}]::text[])` : "to_jsonb(t)";
  const extra = skipVolatile ? (VOLATILE_ROWS[s.table] ?? "") : "";
  return `SELECT ${row}::text AS r FROM ${s.table} t WHERE ${s.where} ${extra}`;
}

/** One hash over all of a workspace's rows, in one round trip: cheap enough to take after every write request. */
export async function fingerprint(workspaceId: string): Promise<string> {
  const parts = (await workspaceSources()).map(
    (s) => `(SELECT md5(coalesce(string_agg(r, ',' ORDER BY r), '')) FROM (${rowsSql(s, true)}) x)`,
  );
  const [row] = await sql<{ h: string }>(`SELECT md5(concat_ws('|', ${parts.join(", ")})) AS h`, [workspaceId]);
  return row!.h;
}

/** Every row of a workspace, every column, by table: compared whole so a difference can be shown. */
export async function snapshot(workspaceId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const s of await workspaceSources()) {
    const rows = await sql<{ r: string }>(`${rowsSql(s, false)} ORDER BY 1`, [workspaceId]);
    out[s.label] = rows.map((r) => r.r);
  }
  return out;
}
