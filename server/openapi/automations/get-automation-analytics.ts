// An automation's analytics (app/api/v1/automations/[id]/analytics): from the run history and the recipients of its
// email steps; the body is unwrapped, like the other analytics.
import { ZAutomationAnalytics, ZAutomationAnalyticsQuery, type AutomationAnalytics } from "@/lib/schemas/automations";
import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

const description = [
  "Over `from`–`to` (ISO 8601 date-times; default: the 30 days up to now):",
  "",
  "- `entered`, `completed`, `exited`: contacts who entered, reached the end, or left early in the range;",
  "  `converted`: of those who entered in the range, how many reached a goal; `conversionRate` = converted /",
  "  entered in percent with two decimals (0 when nobody entered).",
  "- `steps`, one per step of the current definition in its order: `entered` (arrived at it in the range),",
  "  `waiting` (at it now, whatever the range), `completed` (went on from it in the range, not by leaving the",
  "  automation), for email steps `emailsSent`, `opens` and `clicks` (recipients who opened or clicked; machine",
  "  opens never count) and `unsubscribes`, for goal steps `goalReached`.",
].join("\n");

const example: AutomationAnalytics = {
  automationId: "3f1c2b7a-9d4e-4c2a-8b1f-6e5d4c3b2a19",
  from: "2026-10-24T10:00:00.000Z",
  to: "2026-11-23T10:00:00.000Z",
  entered: 412,
  completed: 371,
  exited: 12,
  converted: 0,
  conversionRate: 0,
  steps: [
    {
      stepId: "welcome",
      type: "email",
      entered: 412,
      waiting: 0,
      completed: 412,
      emailsSent: 409,
      opens: 266,
      clicks: 118,
      unsubscribes: 3,
      goalReached: 0,
    },
    {
      stepId: "wait",
      type: "delay",
      entered: 412,
      waiting: 29,
      completed: 380,
      emailsSent: 0,
      opens: 0,
      clicks: 0,
      unsubscribes: 0,
      goalReached: 0,
    },
  ],
};

export const getAutomationAnalytics: Operation = {
  method: "get",
  path: "/api/v1/automations/{id}/analytics",
  operationId: "getAutomationAnalytics",
  scope: "read",
  summary: "Get an automation's analytics",
  description,
  tag,
  params: ZIdParams,
  query: ZAutomationAnalyticsQuery,
  success: { ...ok("The automation's analytics over the range", ZAutomationAnalytics), example },
  errorDescriptions: { 422: "`from` or `to` not an ISO 8601 date-time, or `to` before `from`" },
};
