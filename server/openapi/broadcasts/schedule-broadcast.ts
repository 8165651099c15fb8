import { ZBroadcast, ZScheduleBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { IDEMPOTENCY, READINESS, tag, ZIdempotencyHeaders } from "./schemas";

export const scheduleBroadcast: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/schedule",
  operationId: "scheduleBroadcast",
  scope: "write",
  summary: "Schedule a broadcast",
  description:
    "From `draft`, or from `scheduled` to reschedule (409 otherwise). `timezoneMode: fixed` (default): " +
    "`scheduledAt`, a future instant at most a year ahead. `timezoneMode: subscriber`: `localDate` + " +
    "`localTime`, and each contact receives it at that wall-clock time in their own time zone (contacts without " +
    "a valid zone use the workspace's default zone). Sending starts when that time comes in the earliest zone " +
    "(UTC+14), which is the `scheduledAt` answered, and runs for about 26 hours as the time comes round the " +
    "world; a date and time already past in the earliest zone is a 422 naming the earliest acceptable date. " +
    `${READINESS} Records a \`broadcast.scheduled\` event.\n\n${IDEMPOTENCY}`,
  tag,
  params: ZIdParams,
  headers: ZIdempotencyHeaders,
  body: ZScheduleBroadcast,
  success: ok("The scheduled broadcast, with scheduledAt", ZBroadcast),
  errors: [409],
  errorDescriptions: {
    409: "Not a draft or scheduled broadcast (the detail names its status), or the Idempotency-Key is in use",
  },
};
