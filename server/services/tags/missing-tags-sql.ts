// Tags named by a person rather than chosen (an import's "Tags (per row)" column, "Add tag" in bulk with a new name):
// names are matched to the workspace's tags ignoring case (Tag.nameKey) and the missing ones created, spelled as
// first seen. SQL fragments, so a Prisma transaction ($executeRaw) and a pg one (jobTransaction's query: .text and
// .values) run the same statements. A concurrent creation of the same name waits on the unique index, then the
// insert skips it.
import { Prisma } from "@/server/db/generated/client";
import type { Query } from "@/server/db/pool";
import { defaultTagColor, tagNameKey } from "./tag-record";

/** Distinct names by key, the first spelling kept. */
export function namesByKey(names: string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(tagNameKey(name))) byKey.set(tagNameKey(name), name);
  return byKey;
}

export function insertMissingTagsSql(workspaceId: string, byKey: Map<string, string>): Prisma.Sql {
  const fresh = [...byKey].map(([nameKey, name]) => ({ name, nameKey, color: defaultTagColor(name) }));
  return Prisma.sql`
    INSERT INTO "Tag" (id, "workspaceId", name, "nameKey", color, "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ${workspaceId}::uuid, t.name, t."nameKey", t.color, now(), now()
      FROM jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) AS t(name text, "nameKey" text, color text)
        ON CONFLICT ("workspaceId", "nameKey") DO NOTHING`;
}

export function tagIdsByKeySql(workspaceId: string, byKey: Map<string, string>): Prisma.Sql {
  return Prisma.sql`
    SELECT id::text AS id, "nameKey" FROM "Tag"
     WHERE "workspaceId" = ${workspaceId}::uuid AND "nameKey" = ANY(${[...byKey.keys()]}::text[])`;
}

/**
 * Inside the caller's transaction (jobTransaction's query): the ids of tags named by a person, created when missing,
 * one per distinct name ignoring case, in the order first named. Used where a tag is named at the start of a change
 * ("Add tag" in bulk, an import's tags), so a start that is refused leaves no empty tag behind.
 */
export async function findOrCreateTags(query: Query, workspaceId: string, names: string[]): Promise<string[]> {
  const byKey = namesByKey(names);
  if (byKey.size === 0) return [];
  const insert = insertMissingTagsSql(workspaceId, byKey);
  await query(insert.text, insert.values);
  const select = tagIdsByKeySql(workspaceId, byKey);
  const { rows } = await query<{ id: string; nameKey: string }>(select.text, select.values);
  const ids = new Map(rows.map((r) => [r.nameKey, r.id]));
  return [...byKey.keys()].map((key) => ids.get(key)!);
}
