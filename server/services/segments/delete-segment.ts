import { db } from "@/server/db/client";
import { segmentNotFound } from "./segment-record";

/** Removes the rules only; no contact is touched (a segment is a saved query, not a list). */
export async function deleteSegment({ workspaceId, segmentId }: { workspaceId: string; segmentId: string }) {
  const { count } = await db().segment.deleteMany({ where: { id: segmentId, workspaceId } });
  if (count === 0) throw segmentNotFound();
}
