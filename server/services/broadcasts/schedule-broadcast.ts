import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordEvent } from "@/server/events/record-event";
import { EARLIEST_ZONE, instantInZone } from "@/lib/time-zones";
import type { Broadcast, ScheduleBroadcast } from "@/lib/schemas/broadcasts";
import { illegalMove } from "@/server/state-moves";
import { broadcastSelect, loadBroadcast, refusedMove, toBroadcast } from "./broadcast-record";
import { checkReadiness } from "./readiness";

const SCHEDULABLE = ["draft", "scheduled"] as const;
const MAX_AHEAD_MS = 365 * 24 * 3600_000;
/** From the earliest zone (UTC+14) to the latest (UTC−12) a wall-clock time spans 26 hours. */
const ZONE_SPAN_MS = 26 * 3600_000;

/**
 * Schedules a draft, or reschedules a scheduled broadcast. `fixed`: one future instant. `subscriber`: each contact
 * at localDate localTime in their own zone (the workspace's default zone for contacts without a valid one); the
 * send starts when that time comes in the earliest zone, which is the `scheduledAt` answered, so a time already
 * past there is refused. Checked like a send (one 422 listing what is missing), so the scheduler never meets a
 * broadcast it cannot send.
 */
export async function scheduleBroadcast({
  workspaceId,
  broadcastId,
  input,
  now = new Date(),
}: {
  workspaceId: string;
  broadcastId: string;
  input: ScheduleBroadcast;
  now?: Date;
}): Promise<Broadcast> {
  const current = await loadBroadcast(workspaceId, broadcastId);
  if (!(SCHEDULABLE as readonly string[]).includes(current.status))
    throw illegalMove("broadcast", "schedule", current.status, SCHEDULABLE);
  const scheduledAt =
    input.timezoneMode === "fixed" ? fixedMoment(input.scheduledAt, now) : subscriberMoment(input, now);
  await checkReadiness(current);
  const local = input.timezoneMode === "subscriber" ? input : { localDate: null, localTime: null };
  const row = await db().$transaction(async (tx) => {
    const { count } = await tx.broadcast.updateMany({
      where: { id: broadcastId, workspaceId, status: { in: [...SCHEDULABLE] } },
      data: {
        status: "scheduled",
        timezoneMode: input.timezoneMode,
        scheduledAt,
        localDate: local.localDate,
        localTime: local.localTime,
      },
    });
    if (count === 0) return null;
    await recordEvent(tx, {
      workspaceId,
      type: "broadcast.scheduled",
      payload: { broadcastId, broadcastName: current.name, scheduledAt: scheduledAt.toISOString() },
    });
    return tx.broadcast.findFirstOrThrow({ where: { id: broadcastId, workspaceId }, select: broadcastSelect });
  });
  if (!row) return refusedMove(workspaceId, broadcastId, "schedule", SCHEDULABLE);
  return toBroadcast(row);
}

function fixedMoment(at: Date, now: Date): Date {
  if (at.getTime() <= now.getTime())
    throw invalid("#/scheduledAt", `Must be in the future (it is now ${now.toISOString()}).`);
  if (at.getTime() - now.getTime() > MAX_AHEAD_MS) throw invalid("#/scheduledAt", "At most one year ahead.");
  return at;
}

function subscriberMoment({ localDate, localTime }: { localDate: string; localTime: string }, now: Date): Date {
  const first = instantInZone(localDate, localTime, EARLIEST_ZONE);
  if (first.getTime() <= now.getTime()) {
    const earliest = earliestDate(localTime, now);
    throw invalid(
      "#/localDate",
      `${localDate} ${localTime} has already passed in the earliest time zone (UTC+14, ${EARLIEST_ZONE}); ` +
        `the earliest date that reaches every contact at ${localTime} their time is ${earliest}.`,
    );
  }
  if (first.getTime() + ZONE_SPAN_MS - now.getTime() > MAX_AHEAD_MS)
    throw invalid("#/localDate", "At most one year ahead.");
  return first;
}

/** The first day on which localTime is still ahead in the earliest zone. */
function earliestDate(localTime: string, now: Date): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: EARLIEST_ZONE }).format(now);
  if (instantInZone(today, localTime, EARLIEST_ZONE).getTime() > now.getTime()) return today;
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const invalid = (pointer: string, detail: string) =>
  new AppError("VALIDATION", `The schedule is not valid: ${detail}`, [{ pointer, detail }]);
