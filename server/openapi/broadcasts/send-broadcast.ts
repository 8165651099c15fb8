import { ZSendAccepted } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { accepted, type Operation } from "../shared";
import { IDEMPOTENCY, READINESS, tag, ZIdempotencyHeaders } from "./schemas";

export const sendBroadcast: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/send",
  operationId: "sendBroadcast",
  scope: "write",
  summary: "Send a broadcast now",
  description:
    "Queues the send and answers at once with 202 and the number of recipients; the broadcast is `sending` " +
    "from now on and becomes `sent` when every recipient is settled (follow it with `getBroadcast` or the " +
    "`broadcast.sent` webhook event). From `draft` or `scheduled`; otherwise 409. Each subscribed contact of " +
    `the audience gets it exactly once. ${READINESS}\n\n${IDEMPOTENCY}`,
  tag,
  params: ZIdParams,
  headers: ZIdempotencyHeaders,
  success: accepted("Queued", ZSendAccepted),
  errors: [409],
  errorDescriptions: {
    409: "Already sending or sent (the detail names the status), or the Idempotency-Key is in use",
    422: "Not ready to send (every missing piece listed), or an invalid Idempotency-Key",
  },
};
