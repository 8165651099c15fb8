import { ZBroadcast, ZCreateBroadcast } from "@/lib/schemas/broadcasts";
import { created, type Operation } from "../shared";
import { AUDIENCE, tag } from "./schemas";

export const createBroadcast: Operation = {
  method: "post",
  path: "/api/v1/broadcasts",
  operationId: "createBroadcast",
  scope: "write",
  summary: "Create a broadcast",
  description:
    "Creates a `draft` with `sentCount` 0. Only `name` is required; `fromName` and `fromEmail` default to the " +
    `workspace's default sender. Nothing is sent until \`send\` or \`schedule\`. ${AUDIENCE}`,
  tag,
  body: ZCreateBroadcast,
  success: created("The new draft", ZBroadcast),
};
