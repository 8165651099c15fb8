import { ZBroadcast } from "@/lib/schemas/broadcasts";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

export const getBroadcast: Operation = {
  method: "get",
  path: "/api/v1/broadcasts/{id}",
  operationId: "getBroadcast",
  scope: "read",
  summary: "Get a broadcast",
  tag,
  params: ZIdParams,
  success: ok("The broadcast", ZBroadcast),
};
