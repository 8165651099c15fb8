// OpenAPI operations of a broadcast's numbers (app/api/v1/broadcasts/[id]/stats and /analytics), kept by the
// tracking rollup (server/tracking/rollup.ts), and of who stands behind them (/recipients). The stats and analytics
// bodies are unwrapped, like every broadcast response; the recipients are a cursor page, like contacts.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { cursorPage, ZIdParams } from "@/lib/schemas/common";
import { ZBroadcastRecipient, ZRecipientListQuery } from "@/lib/schemas/broadcast-recipients";
import { ZBroadcastAnalytics, ZBroadcastStatsBody } from "@/lib/schemas/broadcast-analytics";
import { registerOperation } from "./registry";

const tag = "Broadcasts";

const counting = [
  "Opens and clicks are classified: a person, Apple Mail Privacy Protection's proxy (user agent exactly",
  "`Mozilla/5.0`), or a machine (mail scanners, link checkers, HTTP libraries, headless browsers, and any hit within",
  "2 seconds of the recipient's send). Machine opens count in `totalOpens` and `machineOpens` only; machine clicks",
  "count nowhere. MPP opens count as opens and in `mppAffected`. A person's click with no open before it (images",
  "off) implies one open, so `clicked` ≤ `uniqueOpens` and the click-to-open rate is at most 100. Rates are percentages with two decimals, 0 when",
  "their denominator is 0; open, click and unsubscribe rates are over `sent − bounced`. Counts follow tracking hits",
  "within about a second (they are applied in batches).",
].join(" ");

export function registerBroadcastAnalytics(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/broadcasts/{id}/stats",
    operationId: "getBroadcastStats",
    scope: "read",
    summary: "Get a broadcast's delivery and engagement counts",
    description: `Sending progress (recipientCount, sent, failed, pending) and engagement counts; for an A/B test, \`abTest\` has each variant's results among the test group and the winner's send to the rest of the audience apart (this part reads the recipients, so it costs more on a large A/B broadcast). ${counting}`,
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The broadcast's counts", schema: ZBroadcastStatsBody },
    errors: [404],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/broadcasts/{id}/analytics",
    operationId: "getBroadcastAnalytics",
    scope: "read",
    summary: "Get a broadcast's analytics",
    description: `Counts and rates, engagement by hour after the send, the delivery funnel, clicks by device and the top 10 links. ${counting}`,
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The broadcast's analytics", schema: ZBroadcastAnalytics },
    errors: [404],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/broadcasts/{id}/recipients",
    operationId: "listBroadcastRecipients",
    scope: "read",
    summary: "List a broadcast's recipients and what each did",
    description:
      "Every recipient in address order (then id) with their state (the latest step: complained, unsubscribed, " +
      "bounced, clicked, opened, delivered, sent, failed or pending) and when each step happened. `status` keeps " +
      "those who did one thing (`opened` includes those who only clicked; `not_opened` is those sent who did not " +
      "open), `search` matches the address or the contact's name ignoring case, `url` keeps the clickers of one " +
      "link (a `topLinks` url of the analytics). Cursor pagination: pass `nextCursor` back as `cursor` until it is " +
      "null; an altered cursor is a 422.",
    tag,
    params: ZIdParams,
    query: ZRecipientListQuery,
    success: { status: 200, description: "A page of recipients", schema: cursorPage(ZBroadcastRecipient) },
    errors: [404, 422],
  });
}
