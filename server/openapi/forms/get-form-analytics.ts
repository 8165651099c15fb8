// A form's analytics (app/api/v1/forms/[id]/analytics): read from the FormDailyStats rollup and the form's
// submissions; the body is unwrapped (api-spec §2.7), unlike the form records in `{data}`.
import { ZIdParams } from "@/lib/schemas/common";
import { ZFormAnalytics, ZFormAnalyticsQuery, type FormAnalytics } from "@/lib/schemas/forms";
import { ok, type Operation } from "../shared";
import { tag } from "./schemas";

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

/** range=7d of a popup: 2,140 views, 96 submissions. Typed, so the example cannot drift from the schema. */
const days = ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"];
const views = [310, 342, 298, 355, 261, 240, 334];
const submitted = [14, 17, 12, 16, 11, 9, 17];
const example: FormAnalytics = {
  viewsCount: 2140,
  submissionsCount: 96,
  conversionRate: 4.49,
  timeSeries: days.map((date, i) => ({ date, views: views[i]!, submissions: submitted[i]! })),
  conversionTrend: days.map((date, i) => ({ date, rate: Math.round((submitted[i]! / views[i]!) * 10_000) / 100 })),
  fieldCompletionRates: [
    { field: "email", filled: 96 },
    { field: "firstName", filled: 71 },
    { field: "consent", filled: 96 },
  ],
  trafficSources: [
    { name: "newsletter", value: 43.75, count: 42 },
    { name: "google", value: 31.25, count: 30 },
    { name: "Direct", value: 25, count: 24 },
  ],
  submissionsByDevice: [
    { device: "Mobile", count: 58, pct: 60.42 },
    { device: "Desktop", count: 35, pct: 36.46 },
    { device: "Tablet", count: 3, pct: 3.13 },
  ],
};

export const getFormAnalytics: Operation = {
  method: "get",
  path: "/api/v1/forms/{id}/analytics",
  operationId: "getFormAnalytics",
  scope: "read",
  summary: "Get a form's analytics",
  description,
  tag,
  params: ZIdParams,
  query: ZFormAnalyticsQuery,
  success: { ...ok("The form's analytics over the range", ZFormAnalytics), example },
  errorDescriptions: {
    404: "No such form in this workspace (or it was deleted)",
    422: "Bad `range`, or `from`/`to` missing with `range=custom`, given without it, not a date, `to` before `from`, or more than two years apart",
  },
};
