// The errors of broadcast state moves (spec §3.1), in one place for the API services and the sending engine: an
// illegal move is a 409 whose detail names the current status and what would be allowed.
import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";
import { AppError } from "@/server/errors";

export type { BroadcastStatus };

export const broadcastNotFound = () => new AppError("NOT_FOUND", "Broadcast not found.");

/** `action` reads as a verb phrase: "send", "cancel", "edit", "pause"… */
export function illegalMove(action: string, status: string, allowed: readonly BroadcastStatus[], extra = ""): AppError {
  const from = allowed.length === 1 ? `\`${allowed[0]}\`` : allowed.map((s) => `\`${s}\``).join(" or ");
  return new AppError(
    "CONFLICT",
    `Cannot ${action} a broadcast whose status is \`${status}\`: only a broadcast in ${from} can be.${extra ? ` ${extra}` : ""}`,
  );
}
