// A form's analytics (GET /forms/{id}/analytics, api-spec §2.7, unwrapped) over a range of whole UTC days.
// Views and submissions per day come from the FormDailyStats rollup (up to 16 shard rows per day, written with each
// counted view / submission), so a year of a busy form is at most 5,856 rows. Field completion, sources and devices
// need the submissions themselves: one pass over the range on FormSubmission(formId, submittedAt).
import "server-only";
import type { FormAnalytics, FormAnalyticsQuery, FormField } from "@/lib/schemas/forms";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";

/** Sources beyond this many are summed into one "Other" slice, so a pie chart stays readable. */
const TOP_SOURCES = 9;
const OTHER = "Other";
const RANGE_DAYS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
const DAY_MS = 86_400_000;

type DayRow = { date: string; views: number; submissions: number };
type GroupRow = { source: string; device: string; count: number; filled: number[] };
type Slice = { name: string; count: number };

export async function getFormAnalytics({
  workspaceId,
  formId,
  query,
  now = new Date(),
}: {
  workspaceId: string;
  formId: string;
  query: FormAnalyticsQuery;
  /** The instant "today" is read from (tests pin it). */
  now?: Date;
}): Promise<FormAnalytics> {
  // Read first: it is the workspace and soft-delete check (404) before anything else is read.
  const [form] = await sql<{ fields: Pick<FormField, "type" | "name">[] }>(
    `SELECT fields FROM "Form" WHERE id = $1 AND "workspaceId" = $2 AND "deletedAt" IS NULL`,
    [formId, workspaceId],
  );
  if (!form) throw new AppError("NOT_FOUND", "Form not found.");
  const { first, last } = rangeDays(query, now);
  // Half-open instants of the range for timestamptz comparisons, so the index range scan has constant bounds.
  const start = new Date(`${first}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${last}T00:00:00.000Z`) + DAY_MS);

  const visible = form.fields.filter((f) => f.type !== "hidden");

  const [days, groups] = await Promise.all([
    // Every day of the range, the quiet ones as zeros, so a chart's axis is time.
    sql<DayRow>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(s.views, 0) AS views,
              coalesce(s.submissions, 0) AS submissions
         FROM generate_series($2::date, $3::date, interval '1 day') AS d
         LEFT JOIN (SELECT day, sum(views)::int AS views, sum(submissions)::int AS submissions
                      FROM "FormDailyStats"
                     WHERE "formId" = $1 AND day BETWEEN $2::date AND $3::date
                     GROUP BY day) s ON s.day = d::date
        ORDER BY d`,
      [formId, first, last],
    ),
    // One pass over the range's submissions, grouped by (source, device): a few dozen groups that the sources, the
    // devices and the field counts are summed from. Measured on 50,000 rows (PostgreSQL 15): this pass takes about
    // twice a bare GROUP BY; the field counts through jsonb_each(data) took 2.5 times as long on their own, and
    // jsonb NOT IN (…) tests for "filled" twice as long as these typed ones.
    sql<GroupRow>(
      `SELECT source, device, count(*)::int AS count,
              ARRAY[${visible.map((f, i) => `count(*) FILTER (WHERE ${filledPredicate(f.type, i + 4)})`).join(", ")}]::int[]
                AS filled
         FROM "FormSubmission"
        WHERE "formId" = $1 AND "submittedAt" >= $2 AND "submittedAt" < $3
        GROUP BY source, device`,
      [formId, start, end, ...visible.map((f) => f.name)],
    ),
  ]);

  const viewsCount = days.reduce((sum, d) => sum + d.views, 0);
  const submissionsCount = days.reduce((sum, d) => sum + d.submissions, 0);
  const sources = sumBy(groups, (g) => g.source);
  const devices = sumBy(groups, (g) => g.device);
  // Percentages of sources and devices are of the stored submissions: a contact's deletion erases its submissions
  // (personal data) while the daily counts keep it, so the two totals can differ.
  const stored = groups.reduce((sum, g) => sum + g.count, 0);

  return {
    viewsCount,
    submissionsCount,
    conversionRate: percent(submissionsCount, viewsCount),
    timeSeries: days,
    conversionTrend: days.map((d) => ({ date: d.date, rate: percent(d.submissions, d.views) })),
    fieldCompletionRates: visible.map((f, i) => ({
      field: f.name,
      filled: groups.reduce((sum, g) => sum + (g.filled[i] ?? 0), 0),
    })),
    trafficSources: topSources(sources).map((s) => ({ name: s.name, value: percent(s.count, stored), count: s.count })),
    submissionsByDevice: byCount(devices).map((d) => ({
      device: d.name,
      count: d.count,
      pct: percent(d.count, stored),
    })),
  };
}

/** First and last UTC day (YYYY-MM-DD) of the range: the last N days including today, or custom from..to. */
export function rangeDays(query: FormAnalyticsQuery, now: Date): { first: string; last: string } {
  if (query.range === "custom") {
    // The query schema guarantees both bounds (422 otherwise); a date-time bound counts for its whole UTC day.
    return { first: utcDay(query.from!), last: utcDay(query.to!) };
  }
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return { first: utcDay(new Date(today - (RANGE_DAYS[query.range] - 1) * DAY_MS)), last: utcDay(now) };
}

/** The biggest sources by count (ties by name); past ten, the 10th on are summed into a last "Other" slice. */
function topSources(rows: Slice[]): Slice[] {
  // A visitor can name a source "Other" (utm_source=Other): it joins the Other slice rather than sit beside it.
  const own = rows.find((r) => r.name === OTHER)?.count ?? 0;
  const named = byCount(rows.filter((r) => r.name !== OTHER));
  const fits = named.length + (own > 0 ? 1 : 0) <= TOP_SOURCES + 1;
  const top = fits ? named : named.slice(0, TOP_SOURCES);
  const rest = own + named.slice(top.length).reduce((sum, r) => sum + r.count, 0);
  return rest > 0 ? [...top, { name: OTHER, count: rest }] : top;
}

/**
 * Whether a submission filled field number `param`: a ticked box for checkbox and consent fields (stored as true or
 * false), a non-blank value for the others (text, a number, a date, a choice). The name is a bind parameter.
 */
function filledPredicate(type: FormField["type"], param: number) {
  return type === "checkbox" || type === "consent"
    ? `data -> $${param} = 'true'::jsonb`
    : `btrim(data ->> $${param}) <> ''`;
}

function sumBy(groups: GroupRow[], key: (g: GroupRow) => string): Slice[] {
  const sums = new Map<string, number>();
  for (const g of groups) sums.set(key(g), (sums.get(key(g)) ?? 0) + g.count);
  return [...sums].map(([name, count]) => ({ name, count }));
}

/** Biggest first, ties by name, so the order is stable. */
const byCount = (rows: Slice[]) => [...rows].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

/** part / whole in percent, two decimals; 0 when there is no whole. */
function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
