// OpenAPI operation of a form's analytics (app/api/v1/forms/[id]/analytics): read from the FormDailyStats rollup
// and the form's submissions; the body is unwrapped (api-spec §2.7), unlike the form records in `{data}`.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ZIdParams } from "@/lib/schemas/common";
import { ZFormAnalytics, ZFormAnalyticsQuery } from "@/lib/schemas/forms";
import { registerOperation } from "./registry";

const description = [
  "Views, submissions and conversion over a range of whole UTC days: `7d`, `30d` (default), `90d` and `1y` are the",
  "last 7, 30, 90 and 365 days including today; `custom` takes `from` and `to` (days, or date-times counting for",
  "their whole UTC day; at most two years; only with `range=custom`).",
  "",
  "- `timeSeries` and `conversionTrend` have one entry per day of the range, days without traffic as zeros.",
  "- `conversionRate` and each day's `rate` are submissions / views in percent with two decimals, 0 without views.",
  "- `fieldCompletionRates`: for each field of the form's current definition except hidden fields (by field `name`),",
  "  how many submissions in the range filled it (a non-blank value; for checkbox and consent fields, ticked).",
  "- `trafficSources`: utm_source, else the referrer's host, else `Direct`; the nine biggest and the rest as `Other`",
  "  (when there are more than ten), `value` being the percent of the range's submissions.",
  "- `submissionsByDevice`: Desktop, Mobile, Tablet with at least one submission, `pct` in percent.",
  "",
  "Views and submission counts are kept per day as they happen and survive a contact's deletion; the breakdowns",
  "read the stored submissions, which are erased with their contact (personal data), so their percentages are of",
  "the submissions still stored.",
].join("\n");

export function registerFormAnalytics(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/forms/{id}/analytics",
    operationId: "getFormAnalytics",
    scope: "read",
    summary: "Get a form's analytics",
    description,
    tag: "Forms",
    params: ZIdParams,
    query: ZFormAnalyticsQuery,
    success: { status: 200, description: "The form's analytics over the range", schema: ZFormAnalytics },
    errors: [404, 422],
    errorDescriptions: {
      404: "No such form in this workspace (or it was deleted)",
      422: "Bad `range`, or `from`/`to` missing with `range=custom`, given without it, not a date, `to` before `from`, or more than two years apart",
    },
  });
}
