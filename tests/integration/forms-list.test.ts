// GET /api/v1/forms: the list query of api-spec §4.2 exactly — defaults, every filter, every sort in both orders,
// offset pagination past the end, and a 422 naming each invalid parameter.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeWorkspace } from "../support/fixtures";
import { formById, listForms, newForm, pointers } from "../support/form-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Row = { id: string; name: string };
let ws: Ws;

// Seven forms with known names, types, statuses, days and counts (one more, deleted, that no query may show).
const seed = [
  { name: "Alpha", type: "inline", status: "draft", day: "2026-01-01", subs: 5 },
  { name: "bravo", type: "popup", status: "published", day: "2026-01-02", subs: 40, published: "2026-02-03" },
  { name: "Charlie", type: "landing_page", status: "published", day: "2026-01-03", subs: 0, published: "2026-02-01" },
  { name: "delta", type: "sticky_bar", status: "archived", day: "2026-01-04", subs: 12 },
  { name: "Echo 100%", type: "slide_in", status: "draft", day: "2026-01-05", subs: 7 },
  { name: "foxtrot_1", type: "popup", status: "published", day: "2026-01-06", subs: 3, published: "2026-02-02" },
  { name: "Golf", type: "inline", status: "draft", day: "2026-01-07", subs: 1 },
] as const;

beforeAll(async () => {
  ws = await makeWorkspace();
  for (const s of seed) {
    const form = await newForm(ws.writeKey, { name: s.name, type: s.type });
    await db().form.update({
      where: { id: form.id },
      data: {
        status: s.status,
        createdAt: new Date(`${s.day}T12:00:00Z`),
        publishedAt: "published" in s ? new Date(`${s.published}T08:00:00Z`) : null,
      },
    });
    // Counters are sums of the daily shard rows: spread over two days and two shards.
    if (s.subs > 0)
      await db().formDailyStats.createMany({
        data: [
          { formId: form.id, day: new Date("2026-11-01"), shard: 3, submissions: Math.ceil(s.subs / 2) },
          { formId: form.id, day: new Date("2026-11-02"), shard: 9, submissions: Math.floor(s.subs / 2) },
        ],
      });
  }
  const gone = await newForm(ws.writeKey, { name: "Alpha deleted" });
  await formById("DELETE", ws.writeKey, gone.id);
});

const list = async (query: string) => {
  const res = await listForms(ws.readKey, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Row[]; total: number; page: number; limit: number; totalPages: number };
};
const names = async (query: string) => (await list(query)).data.map((r) => r.name);

describe("defaults and filters", () => {
  it("lists newest first, 20 a page, with the offset envelope", async () => {
    const body = await list("");
    expect(body.data.map((r) => r.name)).toEqual([
      "Golf",
      "foxtrot_1",
      "Echo 100%",
      "delta",
      "Charlie",
      "bravo",
      "Alpha",
    ]);
    expect(body).toMatchObject({ total: 7, page: 1, limit: 20, totalPages: 1 });
  });

  it("answers each form exactly as GET /forms/{id} does (the list reads raw rows, GET through Prisma)", async () => {
    const tag = await db().tag.create({ data: { workspaceId: ws.id, name: "T", nameKey: "t", color: "#111111" } });
    const form = await newForm(ws.writeKey, { name: "Zulu", tagIds: [tag.id], type: "landing_page" });
    const [listed] = (await list("search=zulu")).data;
    expect(listed).toEqual((await formById("GET", ws.readKey, form.id)).body.data);
    expect(listed).toMatchObject({ tagIds: [tag.id], landingPageUrl: expect.stringContaining("/f/zulu") });
    await formById("DELETE", ws.writeKey, form.id);
  });

  it("filters by status and type, together too", async () => {
    expect(await names("status=published")).toEqual(["foxtrot_1", "Charlie", "bravo"]);
    expect(await names("status=archived")).toEqual(["delta"]);
    expect(await names("type=popup")).toEqual(["foxtrot_1", "bravo"]);
    expect(await names("type=popup&status=draft")).toEqual([]);
    expect(await names("type=landing_page&status=published")).toEqual(["Charlie"]);
  });

  it("searches the name case-insensitively, with % and _ taken literally", async () => {
    expect(await names("search=ALPHA")).toEqual(["Alpha"]);
    expect(await names("search=a")).toEqual(["delta", "Charlie", "bravo", "Alpha"]);
    expect(await names("search=%25")).toEqual(["Echo 100%"]);
    expect(await names("search=_")).toEqual(["foxtrot_1"]);
    expect(await names("search=nothing")).toEqual([]);
  });

  it("filters by created day (whole UTC days) or date-time, inclusive", async () => {
    expect(await names("from=2026-01-06")).toEqual(["Golf", "foxtrot_1"]);
    expect(await names("to=2026-01-02")).toEqual(["bravo", "Alpha"]);
    expect(await names("from=2026-01-03&to=2026-01-04")).toEqual(["delta", "Charlie"]);
    expect(await names("from=2026-01-03T12:00:00Z&to=2026-01-03T12:00:00Z")).toEqual(["Charlie"]);
    expect(await names("from=2026-01-03T12:00:00.001Z&to=2026-01-04")).toEqual(["delta"]);
  });
});

describe("sorts", () => {
  it.each([
    ["createdAt", "asc", ["Alpha", "bravo", "Charlie", "delta", "Echo 100%", "foxtrot_1", "Golf"]],
    ["name", "asc", ["Alpha", "bravo", "Charlie", "delta", "Echo 100%", "foxtrot_1", "Golf"]],
    ["name", "desc", ["Golf", "foxtrot_1", "Echo 100%", "delta", "Charlie", "bravo", "Alpha"]],
    ["submissionsCount", "desc", ["bravo", "delta", "Echo 100%", "Alpha", "foxtrot_1", "Golf", "Charlie"]],
    ["submissionsCount", "asc", ["Charlie", "Golf", "foxtrot_1", "Alpha", "Echo 100%", "delta", "bravo"]],
  ])("sortBy=%s order=%s", async (sortBy, order, expected) => {
    expect(await names(`sortBy=${sortBy}&order=${order}`)).toEqual(expected);
  });

  it("sorts by publishedAt with never-published forms last in both orders", async () => {
    const desc = await names("sortBy=publishedAt");
    expect(desc.slice(0, 3)).toEqual(["bravo", "foxtrot_1", "Charlie"]);
    const asc = await names("sortBy=publishedAt&order=asc");
    expect(asc.slice(0, 3)).toEqual(["Charlie", "foxtrot_1", "bravo"]);
    for (const order of [desc, asc])
      expect(new Set(order.slice(3))).toEqual(new Set(["Alpha", "delta", "Echo 100%", "Golf"]));
  });
});

describe("pagination", () => {
  it("pages without overlap or gaps, and answers an empty page past the end with the real total", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await list(`limit=3&page=${page}&sortBy=name&order=asc`));
    expect(pages.map((p) => p.data.map((r) => r.name))).toEqual([
      ["Alpha", "bravo", "Charlie"],
      ["delta", "Echo 100%", "foxtrot_1"],
      ["Golf"],
    ]);
    expect(pages[0]).toMatchObject({ total: 7, page: 1, limit: 3, totalPages: 3 });
    expect(await list("limit=3&page=9")).toMatchObject({ data: [], total: 7, page: 9, totalPages: 3 });
    expect(await list("limit=100")).toMatchObject({ limit: 100, total: 7 });
    expect(await list("limit=1")).toMatchObject({ limit: 1, totalPages: 7 });
  });
});

describe("invalid parameters", () => {
  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["page=abc", "page"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["status=deleted", "status"],
    ["status=Draft", "status"],
    ["type=modal", "type"],
    ["sortBy=updatedAt", "sortBy"],
    ["sortBy=viewsCount", "sortBy"],
    ["order=up", "order"],
    ["from=2026-02-30", "from"],
    ["from=yesterday", "from"],
    ["to=2026-13-01", "to"],
    [`search=${"x".repeat(201)}`, "search"],
  ])("%s → 422 naming %s", async (query, param) => {
    const res = await listForms(ws.readKey, query);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(pointers(res.body)).toEqual([`#/query/${param}`]);
  });
});
