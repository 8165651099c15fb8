import { ZBroadcast, ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { AUDIENCE, tag } from "./schemas";

export const updateBroadcast: Operation = {
  method: "patch",
  path: "/api/v1/broadcasts/{id}",
  operationId: "updateBroadcast",
  scope: "write",
  summary: "Update a broadcast",
  description:
    "Changes the fields sent (null clears an optional text field). Only while `draft` or `scheduled` (a " +
    "scheduled broadcast stays scheduled, and its edit must leave it ready to send: 422 otherwise); `sending` " +
    `or \`sent\` → 409. ${AUDIENCE}`,
  tag,
  params: ZIdParams,
  body: ZUpdateBroadcast,
  success: ok("The updated broadcast", ZBroadcast),
  errors: [409],
  errorDescriptions: { 409: "The broadcast is sending or sent; the detail names its status" },
};
