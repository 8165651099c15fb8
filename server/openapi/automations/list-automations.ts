import { ZListAutomationsQuery } from "@/lib/schemas/automations";
import { ok, type Operation } from "../shared";
import { tag, ZAutomationPage } from "./schemas";

export const listAutomations: Operation = {
  method: "get",
  path: "/api/v1/automations",
  operationId: "listAutomations",
  scope: "read",
  summary: "List automations",
  description:
    "Newest first, each with its run counts (`counts`: inside now, entered, completed, exited, converted). Filter " +
    "by `status` and `search` (in the name, case-insensitive). Offset pagination: `page` ≥ 1, `limit` 1–100 " +
    "(default 20).",
  tag,
  query: ZListAutomationsQuery,
  success: ok("A page of automations", ZAutomationPage),
};
