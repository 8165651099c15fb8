import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ok, stateMove } from "../shared";
import { tag } from "./schemas";

export const archiveBroadcast = stateMove({
  path: "/api/v1/broadcasts/{id}/archive",
  operationId: "archiveBroadcast",
  summary: "Archive a broadcast",
  description:
    "Hides it from the default list (`archived=true` lists it); status, schedule and statistics are kept. " +
    "Any status but `sending` (409). Idempotent: archiving an archived broadcast answers it unchanged (200, " +
    "its first `archivedAt` kept).",
  tag,
  success: ok("The archived broadcast", ZBroadcast),
  conflict: "The broadcast is sending",
});
