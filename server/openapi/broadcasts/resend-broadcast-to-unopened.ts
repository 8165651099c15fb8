import { ZBroadcast, ZResendUnopened } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { created, type Operation } from "../shared";
import { tag } from "./schemas";

export const resendBroadcastToUnopened: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/resend-unopened",
  operationId: "resendBroadcastToUnopened",
  scope: "write",
  summary: "Resend to contacts who did not open",
  description:
    "A new draft with the given `subject` and the source's content (the winning variant's, after an A/B test), " +
    "for the source's recipients who have not opened it (`resendOfId`); who that is is decided when it is " +
    "sent. The source must be `sent` (409 otherwise) and is not changed.",
  tag,
  params: ZIdParams,
  body: ZResendUnopened,
  success: created("The new draft", ZBroadcast),
  errors: [409],
  errorDescriptions: { 409: "The source has not been sent; the detail names its status" },
};
