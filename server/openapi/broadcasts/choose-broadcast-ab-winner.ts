import { ZAbWinner, ZBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const chooseBroadcastAbWinner: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/ab-winner",
  operationId: "chooseBroadcastAbWinner",
  scope: "write",
  summary: "Choose the A/B winner",
  description:
    "Records `abWinner` and sends the winning variant to the part of the audience that has been waiting for " +
    "it. `variantId` must be one of the broadcast's variants (422 on `#/variantId`). Only once the test has " +
    "gone out (`sending` or `sent`) and only once per broadcast (409 otherwise).",
  tag,
  params: ZIdParams,
  body: ZAbWinner,
  success: ok("The broadcast with abWinner", ZBroadcast),
  errors: [409],
  errorDescriptions: { 409: "Not sending or sent (the detail names its status), or a winner was already chosen" },
};
