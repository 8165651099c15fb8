import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ok, stateMove } from "../shared";
import { tag } from "./schemas";

export const pauseBroadcast = stateMove({
  path: "/api/v1/broadcasts/{id}/pause",
  operationId: "pauseBroadcast",
  summary: "Pause a send in progress",
  description:
    "No new messages leave (those already handed over finish); the status stays `sending` and `paused` is " +
    "true. Only while sending and not paused (409 otherwise).",
  tag,
  success: ok("The broadcast", ZBroadcast),
  conflict: "Not sending, or already paused",
});
