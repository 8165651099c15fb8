// What the broadcast services and the sending engine both answer about a broadcast's state: its 404, and its status
// type (the list lives in lib/, which the browser imports too). A refused move is server/state-moves.ts's 409.
import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";
import { AppError } from "@/server/errors";

export type { BroadcastStatus };

export const broadcastNotFound = () => new AppError("NOT_FOUND", "Broadcast not found.");
