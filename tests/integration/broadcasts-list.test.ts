// GET /api/v1/broadcasts: filters (status, search, created range, archived), every sort in both orders, offset and
// cursor pagination in one answer, and a 422 naming each invalid parameter.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeWorkspace } from "../support/fixtures";
import { createBroadcast, forceStatus, listBroadcasts, pointers } from "../support/broadcast-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Row = { id: string; name: string; status: string; sentCount: number; scheduledAt: string | null };
let ws: Ws;
const ids: Record<string, string> = {};

// Eight broadcasts with known names, dates, counts and statuses.
const seed = [
  { name: "Alpha", status: "draft", day: "2026-01-01", sentCount: 0, subject: "Spring sale" },
  { name: "bravo", status: "scheduled", day: "2026-01-02", sentCount: 0, scheduledAt: "2026-12-05T09:00:00Z" },
  { name: "Charlie", status: "sent", day: "2026-01-03", sentCount: 30, subject: "Winter news" },
  { name: "delta", status: "sent", day: "2026-01-04", sentCount: 10 },
  { name: "Echo", status: "sending", day: "2026-01-05", sentCount: 5 },
  { name: "foxtrot", status: "scheduled", day: "2026-01-06", sentCount: 0, scheduledAt: "2026-12-01T09:00:00Z" },
  { name: "Golf", status: "draft", day: "2026-01-07", sentCount: 0, subject: "A sale for you" },
  { name: "Hotel", status: "draft", day: "2026-01-08", sentCount: 0, archived: true },
] as const;

beforeAll(async () => {
  ws = await makeWorkspace();
  for (const s of seed) {
    const { body } = await createBroadcast(ws.writeKey, {
      name: s.name,
      ...("subject" in s ? { subject: s.subject } : {}),
    });
    ids[s.name] = body.id;
    await forceStatus(body.id, s.status, {
      createdAt: new Date(`${s.day}T12:00:00Z`),
      sentCount: s.sentCount,
      ...("scheduledAt" in s ? { scheduledAt: new Date(s.scheduledAt) } : {}),
      ...("archived" in s ? { archivedAt: new Date() } : {}),
    });
  }
});

const names = (body: { data: Row[] }) => body.data.map((r) => r.name);
const list = async (query: string) => {
  const res = await listBroadcasts(ws.readKey, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Row[]; nextCursor: string | null; total: number; page: number; totalPages: number };
};

describe("filters", () => {
  it("lists newest first, without archived ones, with both pagination fields", async () => {
    const body = await list("");
    expect(names(body)).toEqual(["Golf", "foxtrot", "Echo", "delta", "Charlie", "bravo", "Alpha"]);
    expect(body).toMatchObject({ total: 7, page: 1, limit: 20, totalPages: 1, nextCursor: null });
  });

  it("filters by status, search (name and subject, case-insensitive), created range and archived", async () => {
    expect(names(await list("status=draft"))).toEqual(["Golf", "Alpha"]);
    expect(names(await list("search=SALE"))).toEqual(["Golf", "Alpha"]);
    expect(names(await list("search=char"))).toEqual(["Charlie"]);
    expect(names(await list("search=%25"))).toEqual([]);
    expect(names(await list("from=2026-01-03&to=2026-01-05"))).toEqual(["Echo", "delta", "Charlie"]);
    expect(names(await list("from=2026-01-04T12:00:00Z"))).toEqual(["Golf", "foxtrot", "Echo", "delta"]);
    expect(names(await list("archived=true"))).toEqual(["Hotel"]);
    expect(names(await list("archived=true&status=sent"))).toEqual([]);
  });
});

describe("sorting", () => {
  it.each([
    ["name", "asc", ["Alpha", "bravo", "Charlie", "delta", "Echo", "foxtrot", "Golf"]],
    ["name", "desc", ["Golf", "foxtrot", "Echo", "delta", "Charlie", "bravo", "Alpha"]],
    ["createdAt", "asc", ["Alpha", "bravo", "Charlie", "delta", "Echo", "foxtrot", "Golf"]],
    ["sentCount", "desc", ["Charlie", "delta", "Echo"]],
    ["scheduledAt", "asc", ["foxtrot", "bravo"]],
    ["scheduledAt", "desc", ["bravo", "foxtrot"]],
  ] as const)("sortBy=%s order=%s", async (sortBy, order, first) => {
    const body = await list(`sortBy=${sortBy}&order=${order}`);
    expect(names(body).slice(0, first.length)).toEqual(first);
    expect(body.total).toBe(7);
  });

  it("sorts by updatedAt", async () => {
    await db().broadcast.update({ where: { id: ids.Alpha }, data: { name: "Alpha" } });
    expect(names(await list("sortBy=updatedAt&order=desc"))[0]).toBe("Alpha");
  });
});

describe("pagination", () => {
  it("pages by offset, and offers a nextCursor whenever more rows exist", async () => {
    const p1 = await list("sortBy=name&order=asc&limit=3");
    expect(names(p1)).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(p1).toMatchObject({ page: 1, total: 7, totalPages: 3, nextCursor: expect.any(String) });
    const p3 = await list("sortBy=name&order=asc&limit=3&page=3");
    expect(names(p3)).toEqual(["Golf"]);
    expect(p3.nextCursor).toBeNull();
    const past = await list("limit=3&page=9");
    expect(past).toMatchObject({ data: [], total: 7, page: 9 });
  });

  it("walks every sort with the cursor, no row skipped or repeated, and reports the page reached", async () => {
    for (const sortBy of ["createdAt", "updatedAt", "name", "scheduledAt", "sentCount"]) {
      for (const order of ["asc", "desc"]) {
        const all = names(await list(`sortBy=${sortBy}&order=${order}&limit=100`));
        const walked: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const q: string = `sortBy=${sortBy}&order=${order}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
          const body = await list(q);
          pages += 1;
          expect(body.page, `${sortBy} ${order}`).toBe(pages);
          walked.push(...names(body));
          cursor = body.nextCursor;
        } while (cursor && pages < 10);
        expect(walked, `${sortBy} ${order}`).toEqual(all);
      }
    }
  });

  it("keeps the cursor's place when broadcasts are added; page with cursor is a 422, not one of them winning", async () => {
    const p1 = await list("sortBy=name&order=asc&limit=2");
    await createBroadcast(ws.writeKey, { name: "Aardvark" });
    const p2 = await list(`sortBy=name&order=asc&limit=2&cursor=${encodeURIComponent(p1.nextCursor!)}`);
    expect(names(p2)).toEqual(["Charlie", "delta"]);
    const both = await listBroadcasts(ws.readKey, `limit=2&page=3&cursor=${encodeURIComponent(p1.nextCursor!)}`);
    expect(both.status).toBe(422);
    expect(pointers(both.body)).toEqual(["#/query/page"]);
  });

  it("refuses a cursor of another sort, or an altered one, naming the cursor", async () => {
    const { nextCursor } = await list("sortBy=name&order=asc&limit=2");
    for (const q of [
      `sortBy=name&order=desc&cursor=${encodeURIComponent(nextCursor!)}`,
      `sortBy=createdAt&cursor=${encodeURIComponent(nextCursor!)}`,
      `cursor=${encodeURIComponent(`${nextCursor}x`)}`,
    ]) {
      const res = await listBroadcasts(ws.readKey, q);
      expect(res.status).toBe(422);
      expect(pointers(res.body)).toEqual(["#/query/cursor"]);
    }
  });
});

describe("invalid parameters", () => {
  it.each([
    ["status=done", "#/query/status"],
    ["sortBy=subject", "#/query/sortBy"],
    ["order=up", "#/query/order"],
    ["archived=yes", "#/query/archived"],
    ["limit=0", "#/query/limit"],
    ["limit=101", "#/query/limit"],
    ["page=0", "#/query/page"],
    ["from=yesterday", "#/query/from"],
    ["to=2026-02-30", "#/query/to"],
  ])("%s → 422 naming the parameter", async (q, pointer) => {
    const res = await listBroadcasts(ws.readKey, q);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual([pointer]);
  });
});
