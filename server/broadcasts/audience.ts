// Who a broadcast goes to, as one boolean SQL expression over the alias `c` of "Contact": the workspace's
// subscribed contacts that match its audience (all; any of segmentIds minus any of excludeSegmentIds; any of
// tagIds), or, for a resend-unopened draft, the source's recipients who never opened it. Unsubscribed, bounced,
// complained and pending contacts are always out, and each contact is one row, so nobody is counted twice.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import { compileStoredRules } from "@/server/services/segments/segment-condition";
import { loadFieldDefs } from "@/server/services/segments/field-defs";

const { sql, join } = Prisma;

export type AudienceSpec = {
  workspaceId: string;
  audienceType: "all" | "segments" | "tags";
  audienceFilter: unknown;
  resendOfId?: string | null;
};

type Filter = { segmentIds?: unknown; excludeSegmentIds?: unknown; tagIds?: unknown };
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * The audience condition. Segments and tags that no longer exist (deleted since the broadcast was saved) are a 422
 * pointing at the id, so a send never silently goes to fewer people than the marketer chose.
 */
export async function audienceSql(
  spec: AudienceSpec,
  pointerPrefix = "#/audienceFilter",
  /** The fan-out passes true: a segment or tag deleted after the send was accepted just matches nobody. */
  ignoreMissing = false,
): Promise<Prisma.Sql> {
  const parts: Prisma.Sql[] = [sql`c."workspaceId" = ${spec.workspaceId}::uuid`, sql`c.status = 'subscribed'`];
  const filter = (spec.audienceFilter ?? {}) as Filter;
  const errors: FieldError[] = [];
  if (spec.audienceType === "segments") {
    const include = ids(filter.segmentIds);
    const exclude = ids(filter.excludeSegmentIds);
    const wanted = [...new Set([...include, ...exclude])];
    const [segments, fieldDefs] = await Promise.all([
      db().segment.findMany({
        where: { workspaceId: spec.workspaceId, id: { in: wanted } },
        select: { id: true, rules: true },
      }),
      loadFieldDefs(spec.workspaceId),
    ]);
    const rules = new Map(segments.map((s) => [s.id, s.rules]));
    const compile = (list: string[], key: string) =>
      list.flatMap((id, i) => {
        if (!rules.has(id)) {
          errors.push({
            pointer: `${pointerPrefix}/${key}/${i}`,
            detail: "No segment with this id exists in this workspace.",
          });
          return [];
        }
        return [compileStoredRules(spec.workspaceId, rules.get(id), fieldDefs)];
      });
    const inc = compile(include, "segmentIds");
    const exc = compile(exclude, "excludeSegmentIds");
    parts.push(inc.length ? sql`(${join(inc, " OR ")})` : sql`FALSE`);
    if (exc.length) parts.push(sql`NOT (${join(exc, " OR ")})`);
  } else if (spec.audienceType === "tags") {
    const tagIds = ids(filter.tagIds);
    const found = new Set(
      (
        await db().tag.findMany({ where: { workspaceId: spec.workspaceId, id: { in: tagIds } }, select: { id: true } })
      ).map((t) => t.id),
    );
    tagIds.forEach((id, i) => {
      if (!found.has(id))
        errors.push({
          pointer: `${pointerPrefix}/tagIds/${i}`,
          detail: "No tag with this id exists in this workspace.",
        });
    });
    parts.push(
      tagIds.length
        ? sql`EXISTS (SELECT 1 FROM "ContactTag" ct WHERE ct."contactId" = c.id AND ct."tagId" = ANY(${tagIds}::uuid[]))`
        : sql`FALSE`,
    );
  }
  if (spec.resendOfId) {
    parts.push(sql`c.id IN (SELECT r."contactId" FROM "BroadcastRecipient" r
      WHERE r."broadcastId" = ${spec.resendOfId}::uuid AND r.status = 'sent' AND r."openedAt" IS NULL
        AND r."contactId" IS NOT NULL)`);
  }
  if (errors.length && !ignoreMissing)
    throw new AppError("VALIDATION", "The broadcast's audience names records that do not exist.", errors);
  return sql`(${join(parts, " AND ")})`;
}

/** How many contacts the broadcast would go to now. */
export async function countAudience(spec: AudienceSpec, pointerPrefix?: string): Promise<number> {
  const where = await audienceSql(spec, pointerPrefix);
  const [row] = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Contact" c WHERE ${where}`;
  return Number(row?.n ?? 0);
}
