import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ok, stateMove } from "../shared";
import { tag } from "./schemas";

export const resumeBroadcast = stateMove({
  path: "/api/v1/broadcasts/{id}/resume",
  operationId: "resumeBroadcast",
  summary: "Resume a paused send",
  description:
    "The send carries on where it stopped; recipients already sent are never sent again. Only while " +
    "sending and paused (409 otherwise).",
  tag,
  success: ok("The broadcast", ZBroadcast),
  conflict: "Not sending, or not paused",
});
