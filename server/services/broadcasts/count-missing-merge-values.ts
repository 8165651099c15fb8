// How many of an audience's recipients lack the value of each merge tag a draft uses without a fallback: they
// would read an empty space where the tag stands. The audience is the send's own SQL (audienceSql), and "empty" is
// what mergeValue (lib/email-content/merge-tags.ts) finds empty, so the count is what the send would do.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { audienceSql, type AudienceSpec } from "@/server/broadcasts/audience";

const { sql, join } = Prisma;

export type MissingMergeValues = {
  /** Subscribed contacts in the audience now. */
  recipients: number;
  /** Per key as asked: how many of them would get no value for it. */
  missing: Record<string, number>;
};

/** Blank after trimming, as mergeValue's trim() sees it. */
const blank = (text: Prisma.Sql) => sql`(${text} IS NULL OR ${text} ~ '^[[:space:]]*$')`;

/**
 * The contact (alias `c`) has no value for `key`. A custom field's value counts when mergeValue would print it: a
 * non-blank string, any number or boolean, or a list with at least one such item; null and objects print nothing.
 */
function missingSql(key: string): Prisma.Sql {
  switch (key) {
    case "email":
      return sql`FALSE`;
    case "firstName":
    case "first_name":
      return blank(sql`c."firstName"`);
    case "lastName":
    case "last_name":
      return blank(sql`c."lastName"`);
  }
  const value = sql`(c.fields -> ${key}::text)`;
  return sql`(CASE jsonb_typeof(${value})
    WHEN 'string' THEN ${blank(sql`(${value} #>> '{}')`)}
    WHEN 'number' THEN FALSE
    WHEN 'boolean' THEN FALSE
    WHEN 'array' THEN NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(${value}) item
      WHERE jsonb_typeof(item) IN ('number', 'boolean')
        OR (jsonb_typeof(item) = 'string' AND NOT ${blank(sql`(item #>> '{}')`)}))
    ELSE TRUE
  END)`;
}

/** One pass over the audience: its size and, per key, how many lack the value. */
export async function countMissingMergeValues(spec: AudienceSpec & { keys: string[] }): Promise<MissingMergeValues> {
  const keys = [...new Set(spec.keys)];
  const where = await audienceSql(spec);
  const counts = keys.map((key, i) => sql`count(*) FILTER (WHERE ${missingSql(key)}) AS ${Prisma.raw(`m${i}`)}`);
  const [row] = await db().$queryRaw<Record<string, bigint>[]>`
    SELECT ${join([sql`count(*) AS n`, ...counts], ", ")} FROM "Contact" c WHERE ${where}`;
  return {
    recipients: Number(row?.n ?? 0),
    missing: Object.fromEntries(keys.map((key, i) => [key, Number(row?.[`m${i}`] ?? 0)])),
  };
}
