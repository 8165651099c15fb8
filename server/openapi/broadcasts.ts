// OpenAPI operations of the broadcasts resource (app/api/v1/broadcasts), except stats and analytics
// (broadcast-analytics.ts). Broadcast bodies are unwrapped (no `data` envelope), as the API contract fixes.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZIdParams } from "@/lib/schemas/common";
import {
  ZAbWinner,
  ZBroadcast,
  ZCreateBroadcast,
  ZListBroadcastsQuery,
  ZResendUnopened,
  ZScheduleBroadcast,
  ZSendAccepted,
  ZTestAccepted,
  ZTestBroadcast,
  ZUpdateBroadcast,
} from "@/lib/schemas/broadcasts";
import { registerOperation } from "./registry";

const tag = "Broadcasts";

export const broadcastsTag = {
  name: tag,
  description: [
    "Email campaigns. A broadcast is created as a `draft`; `send` moves it to `sending` at once (the worker sends",
    "it), `schedule` to `scheduled` (the scheduler starts it at `scheduledAt`); it becomes `sent` when every",
    "recipient is settled. Drafts and scheduled broadcasts can be edited; once sending has started they cannot.",
    "Every state move the rules do not allow is a 409 whose detail names the current status.",
  ].join(" "),
};

const ZBroadcastPage = z
  .object({
    data: z.array(ZBroadcast),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end" }),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    limit: z.int().positive(),
    totalPages: z.int().nonnegative(),
  })
  .meta({ id: "BroadcastPage" });

const ZIdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "1–255 printable characters (a UUID is a good choice). Repeating the request with the same key within 24 " +
        "hours answers the first success again (with the header `Idempotent-Replayed: true`) instead of acting " +
        "twice.",
      example: "5f0c1a7e-6a4b-4d8e-9a55-0f3b1d2c9e11",
    }),
});

const IDEMPOTENCY =
  "**Idempotency**: send an `Idempotency-Key` header to make retries safe. The same key with the same request " +
  "within 24 hours replays the first successful answer (`Idempotent-Replayed: true`) and does nothing again; the " +
  "same key on a different request (another broadcast or body) is a 422; while the first request with that key is " +
  "still running, a 409. Errors are not stored: fix the cause and retry with the same key.";

const READINESS =
  "The broadcast must be ready: a subject, a from address, content (non-empty `blocks`, every button with an " +
  "`href`: a draft may keep one empty), an audience with at least one subscribed contact, and a postal address in " +
  "the workspace's settings (every email's footer prints it). Whatever is missing comes back in **one** 422, one " +
  "`errors` entry each (`#/subject`, `#/fromEmail`, `#/blocks`, `#/blocks/2/href`, `#/audienceFilter`, " +
  "`#/workspace/postalAddress`).";

const AUDIENCE =
  "`audienceType` and `audienceFilter` go together (send both to change the audience): `segments` → `{ segmentIds, excludeSegmentIds? }`, `tags` → " +
  "`{ tagIds }`, `all` → `{}`. Ids that are not segments or tags of this workspace are a 422 pointing at the id " +
  "(`#/audienceFilter/segmentIds/0`). Invalid blocks are a 422 pointing at the block (`#/blocks/2/href`); so is a " +
  "link with a merge tag in its scheme or host (tags may fill the path, query and fragment only). A/B: " +
  "`variants` (none, or 2–10, each `{ id, subject, previewText?, blocks? }`), `abTestPercent` (default 20) of the " +
  "audience gets them, split evenly; the rest waits for the winner, chosen with `ab-winner` or automatically " +
  "(`abWinnerMetric` opens|clicks after `abWinnerAfterMinutes`).";

const broadcastResponse = (description: string) => ({ status: 200, description, schema: ZBroadcast });

export function registerBroadcasts(registry: OpenAPIRegistry) {
  const op = (o: Omit<Parameters<typeof registerOperation>[1], "tag">) => registerOperation(registry, { ...o, tag });

  op({
    method: "get",
    path: "/api/v1/broadcasts",
    operationId: "listBroadcasts",
    scope: "read",
    summary: "List broadcasts",
    description:
      "Filter by `status`, `search` (name and subject), `from`/`to` (created; a day or a date-time) and `archived` " +
      "(default false: archived broadcasts are listed only with `archived=true`). Sort by `sortBy` (createdAt, " +
      "updatedAt, name, scheduledAt, sentCount; broadcasts without scheduledAt come last) and `order` (default " +
      "createdAt desc). Both pagination styles in one answer: `page` and `limit` (offset), or `cursor` (from a " +
      "previous `nextCursor`; it stays stable while broadcasts are added), one at a time: `page` with `cursor` is " +
      "a 422 at `#/query/page`. A cursor only works with the sort and order it came from. Any invalid value is a " +
      "422 naming the parameter.",
    query: ZListBroadcastsQuery,
    success: { status: 200, description: "A page of broadcasts", schema: ZBroadcastPage },
    errors: [422],
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts",
    operationId: "createBroadcast",
    scope: "write",
    summary: "Create a broadcast",
    description:
      "Creates a `draft` with `sentCount` 0. Only `name` is required; `fromName` and `fromEmail` default to the " +
      `workspace's default sender. Nothing is sent until \`send\` or \`schedule\`. ${AUDIENCE}`,
    body: ZCreateBroadcast,
    success: { status: 201, description: "The new draft", schema: ZBroadcast },
    errors: [422],
  });
  op({
    method: "get",
    path: "/api/v1/broadcasts/{id}",
    operationId: "getBroadcast",
    scope: "read",
    summary: "Get a broadcast",
    params: ZIdParams,
    success: broadcastResponse("The broadcast"),
    errors: [404],
  });
  op({
    method: "patch",
    path: "/api/v1/broadcasts/{id}",
    operationId: "updateBroadcast",
    scope: "write",
    summary: "Update a broadcast",
    description:
      "Changes the fields sent (null clears an optional text field). Only while `draft` or `scheduled` (a " +
      "scheduled broadcast stays scheduled, and its edit must leave it ready to send: 422 otherwise); `sending` " +
      `or \`sent\` → 409. ${AUDIENCE}`,
    params: ZIdParams,
    body: ZUpdateBroadcast,
    success: broadcastResponse("The updated broadcast"),
    errors: [404, 409, 422],
    errorDescriptions: { 409: "The broadcast is sending or sent; the detail names its status" },
  });
  op({
    method: "delete",
    path: "/api/v1/broadcasts/{id}",
    operationId: "deleteBroadcast",
    scope: "write",
    summary: "Delete a draft",
    description:
      "Only drafts can be deleted (409 otherwise): cancel a scheduled one first; sent broadcasts keep their " +
      "statistics and can be archived instead.",
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404, 409],
    errorDescriptions: { 409: "Not a draft; the detail names its status" },
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/duplicate",
    operationId: "duplicateBroadcast",
    scope: "write",
    summary: "Duplicate a broadcast",
    description:
      'A new draft named "<name> (copy)" with the same content, sender, audience and A/B settings, from a ' +
      "broadcast in any status. The source is not changed.",
    params: ZIdParams,
    success: { status: 201, description: "The new draft", schema: ZBroadcast },
    errors: [404],
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/schedule",
    operationId: "scheduleBroadcast",
    scope: "write",
    summary: "Schedule a broadcast",
    description:
      "From `draft`, or from `scheduled` to reschedule (409 otherwise). `timezoneMode: fixed` (default): " +
      "`scheduledAt`, a future instant at most a year ahead. `timezoneMode: subscriber`: `localDate` + " +
      "`localTime`, and each contact receives it at that wall-clock time in their own time zone (contacts without " +
      "a valid zone use the workspace's default zone). Sending starts when that time comes in the earliest zone " +
      "(UTC+14), which is the `scheduledAt` answered, and runs for about 26 hours as the time comes round the " +
      "world; a date and time already past in the earliest zone is a 422 naming the earliest acceptable date. " +
      `${READINESS} Records a \`broadcast.scheduled\` event.\n\n${IDEMPOTENCY}`,
    params: ZIdParams,
    headers: ZIdempotencyHeaders,
    body: ZScheduleBroadcast,
    success: broadcastResponse("The scheduled broadcast, with scheduledAt"),
    errors: [404, 409, 422],
    errorDescriptions: {
      409: "Not a draft or scheduled broadcast (the detail names its status), or the Idempotency-Key is in use",
    },
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/send",
    operationId: "sendBroadcast",
    scope: "write",
    summary: "Send a broadcast now",
    description:
      "Queues the send and answers at once with 202 and the number of recipients; the broadcast is `sending` " +
      "from now on and becomes `sent` when every recipient is settled (follow it with `getBroadcast` or the " +
      "`broadcast.sent` webhook event). From `draft` or `scheduled`; otherwise 409. Each subscribed contact of " +
      `the audience gets it exactly once. ${READINESS}\n\n${IDEMPOTENCY}`,
    params: ZIdParams,
    headers: ZIdempotencyHeaders,
    success: { status: 202, description: "Queued", schema: ZSendAccepted },
    errors: [404, 409, 422],
    errorDescriptions: {
      409: "Already sending or sent (the detail names the status), or the Idempotency-Key is in use",
      422: "Not ready to send (every missing piece listed), or an invalid Idempotency-Key",
    },
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/cancel",
    operationId: "cancelBroadcast",
    scope: "write",
    summary: "Cancel a scheduled broadcast",
    description:
      "Back to `draft`, its schedule cleared. Only while `scheduled`: once sending has started it is a 409 " +
      "(pause the send instead).",
    params: ZIdParams,
    success: broadcastResponse("The broadcast, a draft again"),
    errors: [404, 409],
    errorDescriptions: { 409: "Not scheduled; the detail names its status" },
  });
  op({
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
      `listing what is missing).\n\n${IDEMPOTENCY}`,
    params: ZIdParams,
    headers: ZIdempotencyHeaders,
    body: ZTestBroadcast,
    success: { status: 202, description: "Queued", schema: ZTestAccepted },
    errors: [404, 409, 422],
    errorDescriptions: { 409: "A request with the same Idempotency-Key is still running" },
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/ab-winner",
    operationId: "chooseBroadcastAbWinner",
    scope: "write",
    summary: "Choose the A/B winner",
    description:
      "Records `abWinner` and sends the winning variant to the part of the audience that has been waiting for " +
      "it. `variantId` must be one of the broadcast's variants (422 on `#/variantId`). Only once the test has " +
      "gone out (`sending` or `sent`) and only once per broadcast (409 otherwise).",
    params: ZIdParams,
    body: ZAbWinner,
    success: broadcastResponse("The broadcast with abWinner"),
    errors: [404, 409, 422],
    errorDescriptions: { 409: "Not sending or sent (the detail names its status), or a winner was already chosen" },
  });
  op({
    method: "post",
    path: "/api/v1/broadcasts/{id}/resend-unopened",
    operationId: "resendBroadcastToUnopened",
    scope: "write",
    summary: "Resend to contacts who did not open",
    description:
      "A new draft with the given `subject` and the source's content (the winning variant's, after an A/B test), " +
      "for the source's recipients who have not opened it (`resendOfId`); who that is is decided when it is " +
      "sent. The source must be `sent` (409 otherwise) and is not changed.",
    params: ZIdParams,
    body: ZResendUnopened,
    success: { status: 201, description: "The new draft", schema: ZBroadcast },
    errors: [404, 409],
    errorDescriptions: { 409: "The source has not been sent; the detail names its status" },
  });
  for (const archived of [true, false]) {
    op({
      method: "post",
      path: `/api/v1/broadcasts/{id}/${archived ? "archive" : "unarchive"}`,
      operationId: archived ? "archiveBroadcast" : "unarchiveBroadcast",
      scope: "write",
      summary: archived ? "Archive a broadcast" : "Unarchive a broadcast",
      description: archived
        ? "Hides it from the default list (`archived=true` lists it); status, schedule and statistics are kept. " +
          "Any status but `sending` (409). Idempotent: archiving an archived broadcast answers it unchanged (200, " +
          "its first `archivedAt` kept)."
        : "Back in the default list. Any status but `sending` (409). Idempotent: unarchiving a broadcast that is " +
          "not archived answers it unchanged (200).",
      params: ZIdParams,
      success: broadcastResponse(archived ? "The archived broadcast" : "The broadcast"),
      errors: [404, 409],
      errorDescriptions: { 409: "The broadcast is sending" },
    });
  }
  for (const paused of [true, false]) {
    op({
      method: "post",
      path: `/api/v1/broadcasts/{id}/${paused ? "pause" : "resume"}`,
      operationId: paused ? "pauseBroadcast" : "resumeBroadcast",
      scope: "write",
      summary: paused ? "Pause a send in progress" : "Resume a paused send",
      description: paused
        ? "No new messages leave (those already handed over finish); the status stays `sending` and `paused` is " +
          "true. Only while sending and not paused (409 otherwise)."
        : "The send carries on where it stopped; recipients already sent are never sent again. Only while " +
          "sending and paused (409 otherwise).",
      params: ZIdParams,
      success: broadcastResponse("The broadcast"),
      errors: [404, 409],
      errorDescriptions: { 409: paused ? "Not sending, or already paused" : "Not sending, or not paused" },
    });
  }
}
