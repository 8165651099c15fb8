import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ok, stateMove } from "../shared";
import { tag } from "./schemas";

export const cancelBroadcast = stateMove({
  path: "/api/v1/broadcasts/{id}/cancel",
  operationId: "cancelBroadcast",
  summary: "Cancel a scheduled broadcast",
  description:
    "Back to `draft`, its schedule cleared. Only while `scheduled`: once sending has started it is a 409 " +
    "(pause the send instead).",
  tag,
  success: ok("The broadcast, a draft again", ZBroadcast),
  conflict: "Not scheduled; the detail names its status",
});
