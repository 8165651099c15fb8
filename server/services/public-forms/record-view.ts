// A form view reported by the embed script: counted once per view id (one per form per page load), in one
// statement with its day's counter row (one of 16 shards: server/services/forms/form-record.ts sums them), so
// nothing is ever counted twice or lost. Views per client address are limited like submissions (a script posting
// fresh view ids would otherwise inflate a form's views and fill FormView), at a rate no visitor meets.
import { clientAddress } from "@/server/auth/client-address";
import { formLimits } from "@/server/config";
import { sql } from "@/server/db/pool";
import { AppError, RateLimitedError } from "@/server/errors";
import { takeAddressToken } from "./address-limit";
import { ZUuid } from "@/lib/schemas/common";
import { formNotFound } from "./public-form";

/**
 * A view report's body ({viewId}) for the form at the path: whether it counted (false for a repeat); 404 unless live,
 * 429 with Retry-After past FORM_VIEW_RATE_LIMIT_PER_IP views per minute from the client's address.
 */
export async function reportFormView(
  formId: string,
  body: Record<string, unknown>,
  headers: Headers,
): Promise<{ counted: boolean }> {
  const form = ZUuid.safeParse(formId);
  if (!form.success) throw formNotFound();
  const view = ZUuid.safeParse(body.viewId);
  if (!view.success)
    throw new AppError("VALIDATION", 'Send {"viewId": "<uuid>"}.', [
      { pointer: "#/viewId", detail: "Must be a UUID." },
    ]);
  const address = clientAddress(headers);
  const limit = await takeAddressToken("form-view-ip", address, formLimits.viewsPerIp());
  if (!limit.allowed)
    throw new RateLimitedError("Too many form views from your network. Try again in a minute.", limit.resetSeconds);
  const result = await recordFormView(form.data, view.data);
  if (!result) throw formNotFound();
  return result;
}

/** null: the form is not live (404); otherwise whether this report counted (false for a repeat). */
async function recordFormView(formId: string, viewId: string): Promise<{ counted: boolean } | null> {
  const rows = await sql<{ live: boolean; counted: boolean }>(
    `WITH live AS (
       SELECT id FROM "Form" WHERE id = $1::uuid AND status = 'published' AND "deletedAt" IS NULL),
     viewed AS (
       INSERT INTO "FormView" (id, "formId") SELECT $2::uuid, id FROM live
           ON CONFLICT (id) DO NOTHING RETURNING "formId"),
     daily AS (
       INSERT INTO "FormDailyStats" ("formId", day, shard, views)
       SELECT "formId", (now() AT TIME ZONE 'UTC')::date, floor(random() * 16)::int, 1 FROM viewed
           ON CONFLICT ("formId", day, shard) DO UPDATE SET views = "FormDailyStats".views + 1 RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM live) AS live, EXISTS (SELECT 1 FROM daily) AS counted`,
    [formId, viewId],
  );
  const row = rows[0];
  return row?.live ? { counted: row.counted } : null;
}
