// CSV export of a form's submissions (GET /api/dashboard/forms/{id}/submissions): every submission once across
// keyset batches, newest first, formula-safe cells that unescape to exactly what was submitted, columns for fields
// removed since, the session's workspace only, and problems (never a partial file) for what cannot be exported.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { unescapeCsvCell } from "@/lib/csv/escape-csv-cell";
import { SUBMISSIONS_EXPORT_BATCH } from "@/server/services/forms/export-form-submissions";
import * as route from "@/app/api/dashboard/forms/[id]/submissions/route";
import { makeWorkspace } from "../support/fixtures";
import { sessionCookie } from "../support/session-cookie";

const FIELDS = [
  { type: "email", name: "email", label: "Email", required: true },
  { type: "first_name", name: "firstName", label: "First name", required: false },
  { type: "custom", name: "company", label: "Company", required: false },
  { type: "checkbox", name: "weekly", label: "Weekly digest", required: false },
];

// What strangers type into a public form: formulas, quotes, line breaks, delimiters, non-Latin text.
const NASTY: Record<string, unknown>[] = [
  { firstName: '=HYPERLINK("http://evil")', company: "+SUM(1,2)", weekly: true },
  { firstName: "-2+3", company: "@evil", weekly: false },
  { firstName: "\tTabbed", company: "\rReturn" },
  { firstName: 'He said "hi"', company: "a,b;c\r\nd" },
  { firstName: "Zoë 🎉", company: "'=already" },
];
const MANY = SUBMISSIONS_EXPORT_BATCH * 2 + 100; // three batches

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let cookie: string;
let formId: string;
const T0 = Date.parse("2026-03-01T00:00:00Z");

async function member(workspaceId: string) {
  const user = await db().user.create({ data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" } });
  await db().membership.create({ data: { userId: user.id, workspaceId, role: "owner" } });
  return (await sessionCookie(user.id)).cookie;
}

async function makeForm(workspaceId: string, name: string) {
  return db().form.create({
    data: { workspaceId, name, type: "inline", fields: FIELDS, successMessage: "Thanks!", status: "published" },
    select: { id: true },
  });
}

/** Submission i is i minutes after T0, so newest first is descending i. */
async function seed(workspaceId: string, form: string, values: Record<string, unknown>[]) {
  for (let start = 0; start < values.length; start += 1000) {
    const chunk = values.slice(start, start + 1000);
    const contacts = chunk.map((_, j) => {
      const email = `sub${start + j}-${randomUUID().slice(0, 6)}@example.com`;
      return { id: randomUUID(), workspaceId, email, emailKey: email, source: `form:${form}` };
    });
    await db().contact.createMany({ data: contacts });
    await db().formSubmission.createMany({
      data: chunk.map((data, j) => ({
        formId: form,
        workspaceId,
        contactId: contacts[j]!.id,
        contactEmail: contacts[j]!.email,
        data: { email: contacts[j]!.email, ...data },
        audienceStatus: j % 2 ? "pending" : "subscribed",
        source: "newsletter",
        device: "Mobile",
        utmSource: "newsletter",
        referrer: "https://blog.example.com/post",
        timezone: "Europe/Paris",
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0",
        submittedAt: new Date(T0 + (start + j) * 60_000),
      })),
    });
  }
}

const exportCsv = (id: string, headers: Record<string, string> = { cookie }) =>
  route.GET(new Request(`http://sendwell.test/api/dashboard/forms/${id}/submissions`, { headers }), {
    params: Promise.resolve({ id }),
  });

beforeAll(async () => {
  ws = await makeWorkspace();
  cookie = await member(ws.id);
  formId = (await makeForm(ws.id, 'Zoë\'s "Weekly" notes')).id;
  const bulk = Array.from({ length: MANY - NASTY.length }, (_, i) => ({ firstName: `Bulk ${i}`, company: "Acme" }));
  // The nasty rows are the newest: they lead the file.
  await seed(ws.id, formId, [...bulk, ...NASTY, { firstName: "Old", formerField: "kept", weekly: true }]);
}, 60_000);

describe("GET /api/dashboard/forms/{id}/submissions", () => {
  it("streams every submission once, newest first, with formula-safe cells and a BOM", async () => {
    const res = await exportCsv(formId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The form's name reduced to ASCII: a header with other characters cannot be sent at all.
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="zoe-s-weekly-notes-submissions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
    expect(header).toEqual([
      "submitted_at",
      "email",
      "audience_status",
      "contact_status",
      "firstName",
      "company",
      "weekly",
      "formerField",
      "source",
      "device",
      "utm_source",
      "referrer",
      "timezone",
      "ip_address",
      "user_agent",
      "contact_id",
      "submission_id",
    ]);
    expect(rows).toHaveLength(MANY + 1);
    expect(new Set(rows.map((r) => r[16])).size).toBe(rows.length);
    const times = rows.map((r) => r[0]!);
    expect(times).toEqual([...times].sort().reverse());
    expect(rows[0]!.slice(4, 8)).toEqual(["Old", "", "true", "kept"]);
    // The status at submission, then the contact's own now (these contacts were seeded subscribed).
    expect(rows.slice(0, 2).map((r) => r.slice(2, 4))).toEqual([
      ["subscribed", "subscribed"],
      ["pending", "subscribed"],
    ]);
    expect(rows[1]!.slice(8, 15)).toEqual([
      "newsletter",
      "Mobile",
      "newsletter",
      "https://blog.example.com/post",
      "Europe/Paris",
      "203.0.113.7",
      "Mozilla/5.0",
    ]);
    // Nothing a spreadsheet would run as a formula …
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[5]!.slice(4, 7)).toEqual(['\'=HYPERLINK("http://evil")', "'+SUM(1,2)", "true"]);
    // … and unescaped, every value is exactly what was submitted (row 1 is the newest nasty one).
    NASTY.forEach((values, i) => {
      const row = rows[NASTY.length - i]!.map(unescapeCsvCell);
      expect(row.slice(4, 7)).toEqual(["firstName", "company", "weekly"].map((k) => String(values[k] ?? "")));
    });
    const stored = await db().formSubmission.findMany({ where: { formId }, select: { id: true, contactEmail: true } });
    expect(new Map(rows.map((r) => [r[16], r[1]]))).toEqual(new Map(stored.map((s) => [s.id, s.contactEmail])));
  }, 30_000);

  it("exports only the session's workspace: another workspace's form, a deleted or unknown one are 404", async () => {
    const other = await makeWorkspace();
    const theirs = await makeForm(other.id, "Theirs");
    await seed(other.id, theirs.id, [{ firstName: "Secret" }]);
    const res = await exportCsv(theirs.id);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 404, detail: "Form not found." });
    // Their own member gets it.
    const theirRows = parse(await (await exportCsv(theirs.id, { cookie: await member(other.id) })).text(), {
      bom: true,
    }) as string[][];
    expect(theirRows.slice(1).map((r) => r[4])).toEqual(["Secret"]);

    const gone = await makeForm(ws.id, "Gone");
    await db().form.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await exportCsv(gone.id)).status).toBe(404);
    expect((await exportCsv(randomUUID())).status).toBe(404);
    // A malformed id is not found either, as on every route with an id in its path.
    expect((await exportCsv("not-a-uuid")).status).toBe(404);
  });

  it("exports the header alone for a form nobody submitted yet", async () => {
    const empty = await makeForm(ws.id, "日本語");
    const res = await exportCsv(empty.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="form-submissions-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parse(await res.text(), { bom: true })).toEqual([
      expect.arrayContaining(["submitted_at", "email", "firstName", "company", "weekly"]),
    ]);
  });

  it("needs a session", async () => {
    const res = await exportCsv(formId, {});
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  });
});
