import { ZTestAccepted, ZTestBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { accepted, type Operation } from "../shared";
import { IDEMPOTENCY, tag, ZIdempotencyHeaders } from "./schemas";

export const sendBroadcastTest: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/test",
  operationId: "sendBroadcastTest",
  scope: "write",
  summary: "Send a test email",
  description:
    "Queues the broadcast, as it is now, to `email` or to up to 5 `emails` (202; an address repeated in another " +
    "letter case gets it once, as first written, and the answer's `emails` lists each once), with `[Test]` before the " +
    "subject. Merge tags are filled from `contactId`'s contact, else from the workspace's contact with the " +
    "target address, else from a sample contact; `variantId` tests an A/B variant. Works in any status and " +
    "never touches the audience, recipients or statistics. Needs a subject, a from address and content (422 " +
    "listing what is missing). A workspace sends at most `TEST_EMAILS_PER_HOUR` test messages an hour (50 by " +
    "default, each address counting once): beyond that, or when fewer are left than asked for, a 429 with " +
    `\`Retry-After\` and nothing queued.\n\n${IDEMPOTENCY}`,
  tag,
  params: ZIdParams,
  headers: ZIdempotencyHeaders,
  body: ZTestBroadcast,
  success: accepted("Queued", ZTestAccepted),
  errors: [409],
  errorDescriptions: { 409: "A request with the same Idempotency-Key is still running" },
};
