import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ok, stateMove } from "../shared";
import { tag } from "./schemas";

export const unarchiveBroadcast = stateMove({
  path: "/api/v1/broadcasts/{id}/unarchive",
  operationId: "unarchiveBroadcast",
  summary: "Unarchive a broadcast",
  description:
    "Back in the default list. Any status but `sending` (409). Idempotent: unarchiving a broadcast that is " +
    "not archived answers it unchanged (200).",
  tag,
  success: ok("The broadcast", ZBroadcast),
  conflict: "The broadcast is sending",
});
