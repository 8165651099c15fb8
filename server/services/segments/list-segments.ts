import { db } from "@/server/db/client";
import { offsetPage, offsetWindow } from "@/server/http/pagination";
import type { ListSegmentsQuery } from "@/lib/schemas/segments";
import { countStoredRules } from "./count-segment-contacts";
import { loadFieldDefs } from "./field-defs";
import { segmentSelect, toSegment } from "./segment-record";

/** Newest first; each segment's count is live, the counts of a page running side by side on the pool. */
export async function listSegments({ workspaceId, query }: { workspaceId: string; query: ListSegmentsQuery }) {
  const { skip, take } = offsetWindow(query);
  const [rows, total, fieldDefs] = await Promise.all([
    db().segment.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take,
      select: segmentSelect,
    }),
    db().segment.count({ where: { workspaceId } }),
    loadFieldDefs(workspaceId),
  ]);
  const counts = await Promise.all(rows.map((r) => countStoredRules(workspaceId, r.rules, fieldDefs)));
  return offsetPage(
    rows.map((r, i) => toSegment(r, counts[i]!)),
    total,
    query,
  );
}
