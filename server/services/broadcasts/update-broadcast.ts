import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import { abSettingsIssues, type Broadcast, type UpdateBroadcast } from "@/lib/schemas/broadcasts";
import { illegalMove } from "@/server/state-moves";
import { broadcastSelect, loadBroadcast, refusedMove, toBroadcast } from "./broadcast-record";
import { checkReadiness } from "./readiness";
import { writeFields } from "./write-fields";

const EDITABLE = ["draft", "scheduled"] as const;

/**
 * Edits a draft or a scheduled broadcast (a scheduled one stays scheduled). Once sending has started the content is
 * fixed: 409. A scheduled broadcast must stay sendable, so its edit is checked like a send (one 422 listing what
 * the edit would leave missing) before it is saved.
 */
export async function updateBroadcast({
  workspaceId,
  broadcastId,
  input,
  expectedUpdatedAt,
}: {
  workspaceId: string;
  broadcastId: string;
  input: UpdateBroadcast;
  /**
   * The composer's optimistic lock: the updatedAt of the version it edited. When the stored broadcast is newer
   * (changed in another tab, by a colleague or through the API), the edit is a 409 instead of overwriting theirs.
   */
  expectedUpdatedAt?: string;
}): Promise<Broadcast> {
  const current = await loadBroadcast(workspaceId, broadcastId);
  if (!(EDITABLE as readonly string[]).includes(current.status))
    throw illegalMove("broadcast", "edit", current.status, EDITABLE);
  if (expectedUpdatedAt !== undefined && current.updatedAt.toISOString() !== new Date(expectedUpdatedAt).toISOString())
    throw changedElsewhere();
  const data = await writeFields(workspaceId, input);
  const merged = { ...current, ...(data as object) } as typeof current;
  const abErrors: FieldError[] = abSettingsIssues(merged).map((i) => ({ pointer: `#/${i.field}`, detail: i.message }));
  if (abErrors.length) throw new AppError("VALIDATION", "The request body is invalid.", abErrors);
  if (current.status === "scheduled") await checkReadiness(merged);
  // Conditional on the status: a send that started since the read above wins, and this edit is refused.
  const { count } = await db().broadcast.updateMany({
    where: {
      id: broadcastId,
      workspaceId,
      status: { in: [...EDITABLE] },
      ...(expectedUpdatedAt !== undefined && { updatedAt: current.updatedAt }),
    },
    data,
  });
  if (count === 0) {
    if (expectedUpdatedAt !== undefined) {
      const now = await loadBroadcast(workspaceId, broadcastId);
      if ((EDITABLE as readonly string[]).includes(now.status)) throw changedElsewhere();
    }
    return refusedMove(workspaceId, broadcastId, "edit", EDITABLE);
  }
  return toBroadcast(
    await db().broadcast.findFirstOrThrow({ where: { id: broadcastId, workspaceId }, select: broadcastSelect }),
  );
}

function changedElsewhere(): AppError {
  return new AppError(
    "CONFLICT",
    "This broadcast was changed elsewhere since you opened it (another tab, a colleague or the API). " +
      "Load the latest version, or keep yours and overwrite it.",
  );
}
