// CSV export of contacts: keyset-streamed across batches, every cell formula-safe and RFC 4180-quoted, filters of
// the contacts list, the keyed API route and the dashboard route; and the round trip export → import → same contacts.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { upsertContacts, type ValidContactInput } from "@/server/services/contacts/upsert-contacts";
import { createImportFromStream } from "@/server/services/imports/create-import-from-stream";
import { startImport } from "@/server/services/imports/start-import";
import { runImport } from "@/server/services/imports/run-import";
import { stopJobSender } from "@/server/jobs/enqueue";
import { unescapeCsvCell } from "@/lib/csv/escape-csv-cell";
import * as apiRoute from "@/app/api/v1/contacts/export/route";
import * as dashboardRoute from "@/app/api/dashboard/contacts/export/route";
import { makeWorkspace } from "../support/fixtures";
import { sessionCookie } from "../support/session-cookie";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let vip: { id: string };

const NASTY: ValidContactInput[] = [
  { email: "formula@example.com", firstName: "=cmd|' /C calc'!A0", lastName: "+SUM(1,2)", fields: { note: "@evil" } },
  { email: "dash@example.com", firstName: "-2+3", lastName: "\tTabbed", fields: { note: "\rreturn", score: -5 } },
  { email: "quotes@example.com", firstName: 'He said "hi"', lastName: "O'Brien", fields: { note: "'=already" } },
  { email: "lines@example.com", firstName: "multi\nline", lastName: "a,b;c", fields: { note: "x\r\ny", vip: true } },
  {
    email: "zoe@example.com",
    firstName: "Zoë 🎉",
    lastName: "Łukasz-Ñandú",
    timezone: "Asia/Tokyo",
    fields: { vip: false },
  },
  { email: "space@example.com", firstName: " padded ", lastName: "'", fields: { score: 1.5 } },
];
const MANY = 2_100; // three export batches

async function seed(w: Ws, rows: ValidContactInput[], tagIds: string[] = []) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db().$transaction((tx) =>
      upsertContacts(tx, {
        workspaceId: w.id,
        rows: rows.slice(i, i + 1000),
        updateExisting: true,
        source: "api",
        tagIds,
      }),
    );
  }
}

async function addFields(w: Ws) {
  for (const [key, type] of [
    ["note", "text"],
    ["score", "number"],
    ["vip", "boolean"],
  ] as const) {
    await db().customField.create({ data: { workspaceId: w.id, key, label: key, type } });
  }
}

const exportApi = (query = "", key = ws.readKey) =>
  apiRoute.GET(new Request(`http://sendwell.test/api/v1/contacts/export${query}`, { headers: { "X-API-Key": key } }), {
    params: Promise.resolve({}),
  });
const records = async (res: Response) => parse(await res.text(), { bom: true }) as string[][];

beforeAll(async () => {
  ws = await makeWorkspace();
  await addFields(ws);
  vip = await createTag({ workspaceId: ws.id, input: { name: "VIP; gold" } });
  const other = await createTag({ workspaceId: ws.id, input: { name: "=Other" } });
  await seed(ws, NASTY, [vip.id, other.id]);
  await seed(
    ws,
    Array.from({ length: MANY }, (_, i) => ({ email: `bulk${i}@example.com`, firstName: `Bulk ${i}` })),
  );
  await seed(ws, [{ email: "gone@example.com", status: "unsubscribed" }]);
}, 60_000);
afterAll(stopJobSender);

describe("GET /api/v1/contacts/export", () => {
  it("streams every contact once, with formula-safe, quoted cells", async () => {
    const res = await exportApi();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff); // no BOM for API clients
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([
      "email",
      "first_name",
      "last_name",
      "status",
      "timezone",
      "source",
      "tags",
      "created_at",
      "subscribed_at",
      "unsubscribed_at",
      "note",
      "score",
      "vip",
    ]);
    expect(rows).toHaveLength(NASTY.length + MANY + 1);
    expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    const byEmail = new Map(rows.map((r) => [r[0], r]));
    // Raw cells: nothing a spreadsheet would run as a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(byEmail.get("formula@example.com")!.slice(1, 3)).toEqual(["'=cmd|' /C calc'!A0", "'+SUM(1,2)"]);
    expect(byEmail.get("formula@example.com")![6]).toBe("'=Other; VIP; gold");
    expect(byEmail.get("dash@example.com")!.slice(10)).toEqual(["'\rreturn", "'-5", ""]);
    expect(byEmail.get("zoe@example.com")!.slice(1, 5)).toEqual(["Zoë 🎉", "Łukasz-Ñandú", "subscribed", "Asia/Tokyo"]);
    expect(byEmail.get("gone@example.com")!.slice(3, 4)).toEqual(["unsubscribed"]);
    // Unescaped, every cell is exactly what the database holds.
    for (const contact of NASTY) {
      const row = byEmail.get(contact.email)!.map(unescapeCsvCell);
      expect(row.slice(1, 3)).toEqual([contact.firstName, contact.lastName]);
      const f = contact.fields!;
      expect(row.slice(10)).toEqual([
        f.note ?? "",
        f.score === undefined ? "" : String(f.score),
        f.vip === undefined ? "" : String(f.vip),
      ]);
    }
  }, 30_000);

  it("applies the contacts list's filters", async () => {
    const emails = async (q: string) =>
      (await records(await exportApi(q)))
        .slice(1)
        .map((r) => r[0])
        .sort();
    expect(await emails(`?tagId=${vip.id}`)).toEqual(NASTY.map((c) => c.email).sort());
    expect(await emails("?status=unsubscribed")).toEqual(["gone@example.com"]);
    expect(await emails("?search=bulk1999")).toEqual(["bulk1999@example.com"]);
    expect(await emails("?createdFrom=2000-01-01&createdTo=2000-12-31")).toEqual([]);
    const segment = await createSegment({
      workspaceId: ws.id,
      input: {
        name: "VIPs",
        rules: { match: "all", conditions: [{ type: "field", field: "fields.vip", operator: "is_true" }] },
      },
    });
    expect(await emails(`?segmentId=${segment.id}`)).toEqual(["lines@example.com"]);
  });

  it("answers problems before streaming: 401 without a key, 422 for a bad or foreign filter", async () => {
    expect((await exportApi("", "sw_nope")).status).toBe(401);
    const foreign = await createTag({ workspaceId: (await makeWorkspace()).id, input: { name: "Theirs" } });
    const res = await exportApi(`?tagId=${foreign.id}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ pointer: "#/query/tagId", detail: expect.any(String) }]);
    expect((await exportApi(`?segmentId=${randomUUID()}`)).status).toBe(422);
    expect((await exportApi("?status=sleeping")).status).toBe(422);
    expect((await exportApi("", ws.writeKey)).status).toBe(200);
  });
});

describe("GET /api/dashboard/contacts/export", () => {
  it("exports the session's workspace with a BOM for Excel", async () => {
    const user = await db().user.create({ data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" } });
    await db().membership.create({ data: { userId: user.id, workspaceId: ws.id, role: "owner" } });
    const { cookie } = await sessionCookie(user.id);
    const res = await dashboardRoute.GET(
      new Request(`http://sendwell.test/api/dashboard/contacts/export?status=unsubscribed`, {
        headers: { cookie },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((parse(bytes, { bom: true }) as string[][]).map((r) => r[0])).toEqual(["email", "gone@example.com"]);
    const anonymous = await dashboardRoute.GET(new Request("http://sendwell.test/api/dashboard/contacts/export"), {
      params: Promise.resolve({}),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("round trip", () => {
  it("export → import into another workspace → the same contacts", async () => {
    const target = await makeWorkspace();
    await addFields(target);
    const file = await (await exportApi(`?tagId=${vip.id}`)).text();
    const up = await createImportFromStream({
      workspaceId: target.id,
      filename: "export.csv",
      body: [Buffer.from(file)],
    });
    expect(up.suggestedMapping).toMatchObject({
      email: "email",
      first_name: "firstName",
      last_name: "lastName",
      timezone: "timezone",
      note: "field:note",
      score: "field:score",
      vip: "field:vip",
      // The export's own status and tags columns come back too (imports take a per-row tags column and a status).
      status: "status",
      tags: "tags",
    });
    await startImport({
      workspaceId: target.id,
      importId: up.id,
      input: { mapping: up.suggestedMapping, tagIds: [], updateExisting: true },
    });
    await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
    await runImport(up.id);
    const pick = (workspaceId: string) =>
      db().contact.findMany({
        where: { workspaceId, email: { in: NASTY.map((c) => c.email) } },
        orderBy: { email: "asc" },
        select: {
          email: true,
          firstName: true,
          lastName: true,
          timezone: true,
          fields: true,
          status: true,
          tags: { select: { tag: { select: { name: true } } }, orderBy: { tag: { nameKey: "asc" } } },
        },
      });
    // Imports trim values like every API input (" padded " → "padded", "\tTabbed" → "Tabbed"); the rest comes
    // back byte for byte.
    const trim = (v: unknown) => (typeof v === "string" ? v.trim() : v);
    // A tags cell is a list split on commas and semicolons, so a tag whose name holds one ("VIP; gold") comes
    // back as the tags its parts name (docs/audience.md, Import).
    const splitTags = (tags: { tag: { name: string } }[]) =>
      tags
        .flatMap(({ tag }) => tag.name.split(/[;,]/).map((name) => name.trim()))
        .filter(Boolean)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
        .map((name) => ({ tag: { name } }));
    const expected = (await pick(ws.id)).map((c) => ({
      ...c,
      tags: splitTags(c.tags),
      firstName: trim(c.firstName),
      lastName: trim(c.lastName),
      fields: Object.fromEntries(Object.entries(c.fields as object).map(([k, v]) => [k, trim(v)])),
    }));
    const imported = (await pick(target.id)).map((c) => ({ ...c, tags: splitTags(c.tags) }));
    expect(imported).toEqual(expected);
  }, 30_000);
});
