// GET /forms/{id}/analytics (api-spec §2.7): the ranges and their days, zeros for quiet days, percentages, field
// completion, sources and devices from seeded rows, the query's 422s and the 404s of the workspace boundary.
// Rows are written directly (FormDailyStats as the public endpoints keep it, FormSubmission as they store it): the
// public side's own tests cover how they come to be.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { ZFormAnalytics, ZFormAnalyticsQuery } from "@/lib/schemas/forms";
import { getFormAnalytics } from "@/server/services/forms/get-form-analytics";
import { GET } from "@/app/api/v1/forms/[id]/analytics/route";
import { call, makeWorkspace } from "../support/fixtures";

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;
type Seeded = { day: string; source?: string; device?: string; data?: Record<string, unknown> };

const FIELDS = [
  { type: "email", name: "email", label: "Email", required: true },
  { type: "first_name", name: "firstName", label: "First name", required: false },
  { type: "custom", name: "company", label: "Company", required: false },
  { type: "hidden", name: "campaign", param: "utm_campaign" },
  { type: "checkbox", name: "weekly", label: "Weekly digest", required: false },
  { type: "consent", name: "consent", label: "I agree", required: true },
];

async function insertForm(workspaceId: string, extra: { status?: string; deletedAt?: Date } = {}) {
  const id = randomUUID();
  await sql(
    `INSERT INTO "Form" (id, "workspaceId", name, type, status, fields, "successMessage", "updatedAt", "deletedAt")
     VALUES ($1, $2, 'Newsletter', 'inline', $3::"FormStatus", $4, 'Thanks!', now(), $5)`,
    [id, workspaceId, extra.status ?? "published", JSON.stringify(FIELDS), extra.deletedAt ?? null],
  );
  return id;
}

async function insertDays(formId: string, days: [day: string, views: number, submissions: number][]) {
  await sql(
    // Split over two of the day's shard rows, as concurrent writes leave them.
    `INSERT INTO "FormDailyStats" ("formId", day, shard, views, submissions)
     SELECT $1, d::date, sh.n, CASE sh.n WHEN 0 THEN v - v / 2 ELSE v / 2 END,
            CASE sh.n WHEN 0 THEN s - s / 2 ELSE s / 2 END
       FROM unnest($2::text[], $3::int[], $4::int[]) AS t(d, v, s), (VALUES (0), (7)) AS sh(n)`,
    [formId, days.map((d) => d[0]), days.map((d) => d[1]), days.map((d) => d[2])],
  );
}

/** One contact per submission, submitted at noon UTC of its day. */
async function insertSubmissions(workspaceId: string, formId: string, rows: Seeded[]) {
  const tag = randomUUID().slice(0, 8);
  const emails = rows.map((_, i) => `s${i}-${tag}@example.com`);
  const contacts = await sql<{ id: string }>(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", source, "updatedAt")
     SELECT gen_random_uuid(), $1, e, e, 'form', now() FROM unnest($2::text[]) WITH ORDINALITY AS t(e, n)
     ORDER BY n RETURNING id`,
    [workspaceId, emails],
  );
  await sql(
    `INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, source, device, "audienceStatus",
                                   "contactEmail", "submittedAt")
     SELECT gen_random_uuid(), $1, $2, c, d::jsonb, src, dev, 'pending', e, (day || 'T12:00:00Z')::timestamptz
       FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(c, d, src, dev, e, day)`,
    [
      formId,
      workspaceId,
      contacts.map((c) => c.id),
      rows.map((r) => JSON.stringify(r.data ?? { email: "x@example.com" })),
      rows.map((r) => r.source ?? "Direct"),
      rows.map((r) => r.device ?? "Desktop"),
      emails,
      rows.map((r) => r.day),
    ],
  );
}

const analytics = (ws: Workspace, formId: string, query: Record<string, string> = {}) =>
  call(GET, "GET", `/api/v1/forms/${formId}/analytics?${new URLSearchParams(query)}`, {
    key: ws.readKey,
    params: { id: formId },
  });

/** The service with "today" pinned at 2026-03-15 (13:45 UTC), so the preset ranges have known days. */
const pinned = (ws: Workspace, formId: string, range: "7d" | "30d" | "90d" | "1y") =>
  getFormAnalytics({
    workspaceId: ws.id,
    formId,
    query: ZFormAnalyticsQuery.parse({ range }),
    now: new Date("2026-03-15T13:45:00Z"),
  });

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("form analytics", () => {
  let ws: Workspace;
  let formId: string;

  beforeAll(async () => {
    ws = await makeWorkspace();
    formId = await insertForm(ws.id);
    // Inside the 7 days (03-09..03-15): 03-09, 03-11 (submissions without views: a no-JS post), 03-15 (today).
    // Just outside: 03-08 and tomorrow 03-16.
    await insertDays(formId, [
      ["2026-03-08", 1000, 500],
      ["2026-03-09", 40, 3],
      ["2026-03-11", 0, 2],
      ["2026-03-15", 30, 2],
      ["2026-03-16", 1000, 500],
      ["2025-03-16", 11, 1],
      ["2025-03-15", 999, 999],
    ]);
    await insertSubmissions(ws.id, formId, [
      { day: "2026-03-08", source: "Outside", device: "Tablet", data: { email: "a@x.io", company: "Early" } },
      { day: "2026-03-16", source: "Outside", device: "Tablet", data: { email: "a@x.io", company: "Late" } },
      {
        day: "2026-03-09",
        source: "google",
        device: "Mobile",
        data: { email: "a@x.io", firstName: "Ann", company: "Acme", weekly: true, consent: true, campaign: "spring" },
      },
      {
        day: "2026-03-09",
        source: "google",
        device: "Desktop",
        data: { email: "b@x.io", firstName: "  ", company: "", weekly: false, consent: true },
      },
      { day: "2026-03-09", source: "news.ycombinator.com", device: "Mobile", data: { email: "c@x.io", weekly: true } },
      { day: "2026-03-11", source: "Direct", device: "Desktop", data: { email: "d@x.io", firstName: "Dee" } },
      { day: "2026-03-15", source: "Direct", device: "Mobile", data: { email: "e@x.io", consent: true } },
      { day: "2026-03-15", source: "google", device: "Desktop", data: { email: "f@x.io", unknownKey: "kept out" } },
    ]);
  });

  it("answers the last 7 UTC days including today, every day present, totals and rates in percent", async () => {
    const a = ZFormAnalytics.strict().parse(await pinned(ws, formId, "7d"));
    expect(a.timeSeries).toEqual([
      { date: "2026-03-09", views: 40, submissions: 3 },
      { date: "2026-03-10", views: 0, submissions: 0 },
      { date: "2026-03-11", views: 0, submissions: 2 },
      { date: "2026-03-12", views: 0, submissions: 0 },
      { date: "2026-03-13", views: 0, submissions: 0 },
      { date: "2026-03-14", views: 0, submissions: 0 },
      { date: "2026-03-15", views: 30, submissions: 2 },
    ]);
    expect(a.viewsCount).toBe(70);
    expect(a.submissionsCount).toBe(7);
    expect(a.conversionRate).toBe(10);
    expect(a.conversionTrend).toEqual([
      { date: "2026-03-09", rate: 7.5 },
      { date: "2026-03-10", rate: 0 },
      { date: "2026-03-11", rate: 0 },
      { date: "2026-03-12", rate: 0 },
      { date: "2026-03-13", rate: 0 },
      { date: "2026-03-14", rate: 0 },
      { date: "2026-03-15", rate: 6.67 },
    ]);
  });

  it("counts each visible field's filled values in the range, in the form's field order, hidden fields left out", async () => {
    const a = await pinned(ws, formId, "7d");
    expect(a.fieldCompletionRates).toEqual([
      { field: "email", filled: 6 },
      { field: "firstName", filled: 2 }, // "  " is blank
      { field: "company", filled: 1 }, // "" is blank; "Early" and "Late" are outside the range
      { field: "weekly", filled: 2 }, // false is an unticked box
      { field: "consent", filled: 3 },
    ]);
  });

  it("breaks the range's submissions down by source and by device, with percentages of them", async () => {
    const a = await pinned(ws, formId, "7d");
    expect(a.trafficSources).toEqual([
      { name: "google", value: 50, count: 3 },
      { name: "Direct", value: 33.33, count: 2 },
      { name: "news.ycombinator.com", value: 16.67, count: 1 },
    ]);
    expect(a.submissionsByDevice).toEqual([
      { device: "Desktop", count: 3, pct: 50 },
      { device: "Mobile", count: 3, pct: 50 },
    ]);
  });

  it("spans 30, 90 and 365 days for the other presets", async () => {
    for (const [range, days, first] of [
      ["30d", 30, "2026-02-14"],
      ["90d", 90, "2025-12-16"],
      ["1y", 365, "2025-03-16"],
    ] as const) {
      const a = await pinned(ws, formId, range);
      expect(a.timeSeries, range).toHaveLength(days);
      expect(a.conversionTrend, range).toHaveLength(days);
      expect(a.timeSeries[0]!.date, range).toBe(first);
      expect(a.timeSeries.at(-1)!.date, range).toBe("2026-03-15");
    }
    // The year's first day (2025-03-16) counts; the day before it does not.
    const year = await pinned(ws, formId, "1y");
    expect(year.viewsCount).toBe(1081);
    expect(year.submissionsCount).toBe(508);
    expect(year.trafficSources.find((s) => s.name === "Outside")).toEqual({ name: "Outside", value: 14.29, count: 1 });
  });

  it("defaults to the last 30 days ending today (UTC)", async () => {
    const before = new Date().toISOString().slice(0, 10);
    const res = await analytics(ws, formId);
    const after = new Date().toISOString().slice(0, 10);
    expect(res.status).toBe(200);
    const a = ZFormAnalytics.strict().parse(res.body);
    expect(a.timeSeries).toHaveLength(30);
    expect([before, after]).toContain(a.timeSeries.at(-1)!.date);
    expect(a.timeSeries[0]!.date).toBe(addDays(a.timeSeries.at(-1)!.date, -29));
  });

  it("takes a custom range of days, both ends included; a date-time counts for its whole day", async () => {
    const res = await analytics(ws, formId, { range: "custom", from: "2026-03-08", to: "2026-03-09" });
    expect(res.status).toBe(200);
    expect(res.body.timeSeries).toEqual([
      { date: "2026-03-08", views: 1000, submissions: 500 },
      { date: "2026-03-09", views: 40, submissions: 3 },
    ]);
    expect(res.body.conversionRate).toBe(48.37); // 503 / 1040
    expect(res.body.trafficSources).toEqual([
      { name: "google", value: 50, count: 2 },
      { name: "news.ycombinator.com", value: 25, count: 1 },
      { name: "Outside", value: 25, count: 1 },
    ]);

    const backwards = await analytics(ws, formId, {
      range: "custom",
      from: "2026-03-16T23:00:00Z",
      to: "2026-03-16T01:00:00.000Z",
    });
    expect(backwards.status).toBe(422); // to before from, even on the same day

    const day = await analytics(ws, formId, { range: "custom", from: "2026-03-16T05:00:00Z", to: "2026-03-16" });
    expect(day.status).toBe(200);
    expect(day.body.timeSeries).toEqual([{ date: "2026-03-16", views: 1000, submissions: 500 }]);
    expect(day.body.submissionsByDevice).toEqual([{ device: "Tablet", count: 1, pct: 100 }]);
  });

  it("answers zeros and empty breakdowns for a form without traffic", async () => {
    const quiet = await insertForm(ws.id, { status: "draft" });
    const res = await analytics(ws, quiet, { range: "custom", from: "2026-02-27", to: "2026-03-02" });
    expect(res.status).toBe(200);
    expect(ZFormAnalytics.strict().parse(res.body)).toEqual({
      viewsCount: 0,
      submissionsCount: 0,
      conversionRate: 0,
      timeSeries: ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"].map((date) => ({
        date,
        views: 0,
        submissions: 0,
      })),
      conversionTrend: ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"].map((date) => ({ date, rate: 0 })),
      fieldCompletionRates: ["email", "firstName", "company", "weekly", "consent"].map((field) => ({
        field,
        filled: 0,
      })),
      trafficSources: [],
      submissionsByDevice: [],
    });
  });

  it("keeps the nine biggest sources and sums the rest as Other (with a visitor's own 'Other')", async () => {
    const busy = await insertForm(ws.id);
    // Sources s01..s12 with 12..1 submissions, plus 2 tagged utm_source=Other: 80 in all.
    const rows: Seeded[] = [];
    for (let i = 1; i <= 12; i++)
      for (let n = 0; n < 13 - i; n++) rows.push({ day: "2026-01-05", source: `s${String(i).padStart(2, "0")}` });
    rows.push({ day: "2026-01-05", source: "Other" }, { day: "2026-01-05", source: "Other" });
    await insertSubmissions(ws.id, busy, rows);
    const res = await analytics(ws, busy, { range: "custom", from: "2026-01-05", to: "2026-01-05" });
    expect(res.status).toBe(200);
    const names = res.body.trafficSources.map((s: { name: string }) => s.name);
    expect(names).toEqual(["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "Other"]);
    // Other: s10 (3) + s11 (2) + s12 (1) + the two own "Other" = 8 of 80.
    expect(res.body.trafficSources.at(-1)).toEqual({ name: "Other", value: 10, count: 8 });
    expect(res.body.trafficSources[0]).toEqual({ name: "s01", value: 15, count: 12 });
    const total = res.body.trafficSources.reduce((sum: number, s: { count: number }) => sum + s.count, 0);
    expect(total).toBe(80);
  });

  it("answers an archived form's analytics", async () => {
    const archived = await insertForm(ws.id, { status: "archived" });
    await insertDays(archived, [["2026-01-01", 4, 1]]);
    const res = await analytics(ws, archived, { range: "custom", from: "2026-01-01", to: "2026-01-01" });
    expect(res.status).toBe(200);
    expect(res.body.conversionRate).toBe(25);
  });

  it.each([
    [{ range: "5d" }, "#/query/range"],
    [{ range: "custom" }, "#/query/from"],
    [{ range: "custom", from: "2026-01-01" }, "#/query/to"],
    [{ range: "custom", to: "2026-01-01" }, "#/query/from"],
    [{ range: "custom", from: "2026-01-02", to: "2026-01-01" }, "#/query/to"],
    [{ range: "custom", from: "2024-01-01", to: "2026-03-01" }, "#/query/to"],
    [{ range: "custom", from: "2026-02-30", to: "2026-03-01" }, "#/query/from"],
    [{ range: "custom", from: "yesterday", to: "2026-03-01" }, "#/query/from"],
    [{ range: "7d", from: "2026-01-01" }, "#/query/from"],
    [{ to: "2026-01-01" }, "#/query/to"],
  ])("refuses %j with a 422 pointing at %s", async (query, pointer) => {
    const res = await analytics(ws, formId, query);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it("answers 404 for an unknown, another workspace's, a deleted or a malformed form id", async () => {
    const other = await makeWorkspace();
    const theirs = await insertForm(other.id);
    const deleted = await insertForm(ws.id, { deletedAt: new Date() });
    for (const id of [randomUUID(), theirs, deleted, "not-a-uuid"]) {
      const res = await analytics(ws, id);
      expect(res.status, id).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(JSON.stringify(res.body)).not.toContain("Newsletter");
    }
    // The owner's own key reads its form.
    expect((await analytics(other, theirs)).status).toBe(200);
  });

  it("is open to read and write keys, not without a key", async () => {
    expect((await analytics(ws, formId)).status).toBe(200);
    const write = await call(GET, "GET", `/api/v1/forms/${formId}/analytics`, {
      key: ws.writeKey,
      params: { id: formId },
    });
    expect(write.status).toBe(200);
    const none = await call(GET, "GET", `/api/v1/forms/${formId}/analytics`, { params: { id: formId } });
    expect(none.status).toBe(401);
  });
});
