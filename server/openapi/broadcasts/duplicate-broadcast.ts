import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { created, type Operation } from "../shared";
import { tag } from "./schemas";

export const duplicateBroadcast: Operation = {
  method: "post",
  path: "/api/v1/broadcasts/{id}/duplicate",
  operationId: "duplicateBroadcast",
  scope: "write",
  summary: "Duplicate a broadcast",
  description:
    'A new draft named "<name> (copy)" with the same content, sender, audience and A/B settings, from a ' +
    "broadcast in any status. The source is not changed.",
  tag,
  params: ZIdParams,
  success: created("The new draft", ZBroadcast),
};
