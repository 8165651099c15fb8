// The broadcasts resource (app/api/v1/broadcasts): its tag, its answers' schemas and the rules several operations
// share, for the operations beside this file. Broadcast bodies are unwrapped (no `data` envelope), as the API
// contract fixes; so are the stats and analytics, kept by the tracking rollup (server/tracking/rollup.ts).
import { z } from "zod";
import { ZBroadcast } from "@/lib/schemas/broadcasts";

export const tag = "Broadcasts";

export const broadcastsTag = {
  name: tag,
  description: [
    "Email campaigns. A broadcast is created as a `draft`; `send` moves it to `sending` at once (the worker sends",
    "it), `schedule` to `scheduled` (the scheduler starts it at `scheduledAt`); it becomes `sent` when every",
    "recipient is settled. Drafts and scheduled broadcasts can be edited; once sending has started they cannot.",
    "Every state move the rules do not allow is a 409 whose detail names the current status.",
  ].join(" "),
};

export const ZBroadcastPage = z
  .object({
    data: z.array(ZBroadcast),
    nextCursor: z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end" }),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    limit: z.int().positive(),
    totalPages: z.int().nonnegative(),
  })
  .meta({ id: "BroadcastPage" });

export const ZIdempotencyHeaders = z.object({
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

export const IDEMPOTENCY =
  "**Idempotency**: send an `Idempotency-Key` header to make retries safe. The same key with the same request " +
  "within 24 hours replays the first successful answer (`Idempotent-Replayed: true`) and does nothing again; the " +
  "same key on a different request (another broadcast or body) is a 422; while the first request with that key is " +
  "still running, a 409. Errors are not stored: fix the cause and retry with the same key.";

export const READINESS =
  "The broadcast must be ready: a subject, a from address, content (non-empty `blocks`, every button with an " +
  "`href`: a draft may keep one empty), an audience with at least one subscribed contact, and a postal address in " +
  "the workspace's settings (every email's footer prints it). Whatever is missing comes back in **one** 422, one " +
  "`errors` entry each (`#/subject`, `#/fromEmail`, `#/blocks`, `#/blocks/2/href`, `#/audienceFilter`, " +
  "`#/workspace/postalAddress`).";

export const AUDIENCE =
  "`audienceType` and `audienceFilter` go together (send both to change the audience): `segments` → `{ segmentIds, excludeSegmentIds? }`, `tags` → " +
  "`{ tagIds }`, `all` → `{}`. Ids that are not segments or tags of this workspace are a 422 pointing at the id " +
  "(`#/audienceFilter/segmentIds/0`). Invalid blocks are a 422 pointing at the block (`#/blocks/2/href`); so is a " +
  "link with a merge tag in its scheme or host (tags may fill the path, query and fragment only). A/B: " +
  "`variants` (none, or 2–10, each `{ id, subject, previewText?, blocks? }`), `abTestPercent` (default 20) of the " +
  "audience gets them, split evenly; the rest waits for the winner, chosen with `ab-winner` or automatically " +
  "(`abWinnerMetric` opens|clicks after `abWinnerAfterMinutes`).";

/** How opens and clicks are counted: the stats and the analytics say it alike. */
export const COUNTING = [
  "Opens and clicks are classified: a person, Apple Mail Privacy Protection's proxy (user agent exactly",
  "`Mozilla/5.0`), or a machine (mail scanners, link checkers, HTTP libraries, headless browsers, and any hit within",
  "2 seconds of the recipient's send). Machine opens count in `totalOpens` and `machineOpens` only; machine clicks",
  "count nowhere. MPP opens count as opens and in `mppAffected`. A person's click with no open before it (images",
  "off) implies one open, so `clicked` ≤ `uniqueOpens` and the click-to-open rate is at most 100. Rates are percentages with two decimals, 0 when",
  "their denominator is 0; open, click and unsubscribe rates are over `sent − bounced`. Counts follow tracking hits",
  "within about a second (they are applied in batches).",
].join(" ");
