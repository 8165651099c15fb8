// GET /api/v1/contacts: keyset cursor paging and filters, through the real route handlers.
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/contacts/route";
import * as batch from "@/app/api/v1/contacts/batch/route";
import * as activity from "@/app/api/v1/contacts/[id]/activity/route";
import * as tagsRoute from "@/app/api/v1/tags/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Page = { data: { id: string; email: string }[]; nextCursor: string | null };

const list = (w: Ws, query = "") => call(collection.GET, "GET", `/api/v1/contacts${query}`, { key: w.readKey });
const create = (w: Ws, body: object) => call(collection.POST, "POST", "/api/v1/contacts", { key: w.writeKey, body });
const upsertMany = (w: Ws, emails: string[]) =>
  call(batch.POST, "POST", "/api/v1/contacts/batch", {
    key: w.writeKey,
    body: { contacts: emails.map((email) => ({ email })) },
  });
const emails = (res: { body: Page }) => res.body.data.map((c) => c.email);

async function pageAll(w: Ws, query: string, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res: { status: number; body: Page } = await list(
      w,
      `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(res.status).toBe(200);
    seen.push(...emails(res));
    cursor = res.body.nextCursor;
    if (!cursor) break;
    await between?.(page);
  }
  return seen;
}

describe("cursor pagination", () => {
  it("pages newest first without skips or repeats while contacts are being added", async () => {
    const w = await makeWorkspace();
    for (let i = 0; i < 7; i++) await create(w, { email: `single${i}@example.com` });
    // A batch shares one createdAt: the id breaks the tie, so the keyset still orders every row.
    await upsertMany(
      w,
      Array.from({ length: 30 }, (_, i) => `batch${i}@example.com`),
    );
    const before = (await db().contact.findMany({ where: { workspaceId: w.id }, select: { email: true } })).map(
      (c) => c.email,
    );
    const seen = await pageAll(w, "?limit=4", async (page) => {
      await create(w, { email: `late${page}@example.com` });
    });
    expect(seen).toHaveLength(37);
    expect(new Set(seen).size).toBe(37);
    expect([...seen].sort()).toEqual([...before].sort());
    expect(seen.slice(0, 30).every((email) => email.startsWith("batch"))).toBe(true);
    expect(seen.slice(-7)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `single${i}@example.com`));
  });

  it("answers the default page of 20 and a null cursor at the end", async () => {
    const w = await makeWorkspace();
    await upsertMany(
      w,
      Array.from({ length: 21 }, (_, i) => `d${i}@example.com`),
    );
    const first = await list(w);
    expect(first.body.data).toHaveLength(20);
    const second = await list(w, `?cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ workspaceId: w.id })], nextCursor: null });
    const empty = await list(await makeWorkspace());
    expect(empty.body).toEqual({ data: [], nextCursor: null });
  });

  it("refuses altered cursors, cursors of another list and out-of-range limits with 422", async () => {
    const w = await makeWorkspace();
    await upsertMany(w, ["a@example.com", "b@example.com"]);
    const { body } = await list(w, "?limit=1");
    const cursor: string = body.nextCursor;
    const [data, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ k: "contacts", t: "2100-01-01T00:00:00.000Z", i: body.data[0].id }));
    const id = body.data[0].id;
    await db().contactActivity.createMany({
      data: [0, 1].map(() => ({ workspaceId: w.id, contactId: id, type: "email.sent" })),
    });
    const activityPage = await call(activity.GET, "GET", `/api/v1/contacts/${id}/activity?limit=1`, {
      key: w.readKey,
      params: { id },
    });
    for (const bad of [
      `${data}x.${mac}`,
      `${data}.${mac!.slice(1)}A`,
      `${forged.toString("base64url")}.${mac}`,
      "garbage",
      activityPage.body.nextCursor,
    ]) {
      const res = await list(w, `?cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ pointer: "#/query/cursor", detail: expect.any(String) }]);
    }
    for (const q of ["?limit=0", "?limit=101", "?limit=x"]) {
      expect((await list(w, q)).body.errors[0].pointer).toBe("#/query/limit");
    }
  });
});

describe("filters", () => {
  let w: Ws;
  let tagId: string;
  beforeAll(async () => {
    w = await makeWorkspace();
    await create(w, { email: "ann.smith@example.com", firstName: "Ann", lastName: "Smith" });
    await create(w, { email: "bob@example.com", firstName: "Bob", lastName: "Jones", status: "unsubscribed" });
    await create(w, { email: "under_score@example.com", firstName: "100%" });
    await create(w, { email: "pending@example.org", status: "pending" });
    tagId = (await call(tagsRoute.POST, "POST", "/api/v1/tags", { key: w.writeKey, body: { name: "VIP" } })).body.data
      .id;
    await create(w, { email: "tagged@example.com", tagIds: [tagId] });
  });

  it.each([
    ["?search=SMITH", ["ann.smith@example.com"]],
    ["?search=ann%20smith", ["ann.smith@example.com"]],
    ["?search=bob", ["bob@example.com"]],
    ["?search=%25", ["under_score@example.com"]],
    ["?search=_", ["under_score@example.com"]],
    ["?search=100%25", ["under_score@example.com"]],
    ["?search=.org", ["pending@example.org"]],
    ["?status=unsubscribed", ["bob@example.com"]],
    ["?status=pending&search=pending", ["pending@example.org"]],
    ["?status=bounced", []],
  ])("%s", async (query, expected) => {
    const res = await list(w, query);
    expect(res.status).toBe(200);
    expect(emails(res)).toEqual(expected);
  });

  it("filters by tag, and refuses an unknown tag or segment with 422 at the parameter", async () => {
    expect(emails(await list(w, `?tagId=${tagId}`))).toEqual(["tagged@example.com"]);
    const other = await makeWorkspace();
    const foreignTag = (
      await call(tagsRoute.POST, "POST", "/api/v1/tags", { key: other.writeKey, body: { name: "Theirs" } })
    ).body.data.id;
    for (const [query, pointer] of [
      [`?tagId=${foreignTag}`, "#/query/tagId"],
      ["?segmentId=7a1c1c52-0000-4000-8000-000000000000", "#/query/segmentId"],
      ["?tagId=nope", "#/query/tagId"],
      ["?status=gone", "#/query/status"],
      ["?createdFrom=yesterday", "#/query/createdFrom"],
      ["?createdTo=2026-02-30", "#/query/createdTo"],
    ]) {
      const res = await list(w, query);
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
    }
  });

  it("filters by segment", async () => {
    const segment = await db().segment.create({
      data: {
        workspaceId: w.id,
        name: "Unsubscribed",
        rules: {
          match: "all",
          conditions: [{ type: "field", field: "status", operator: "equals", value: "unsubscribed" }],
        },
      },
    });
    expect(emails(await list(w, `?segmentId=${segment.id}`))).toEqual(["bob@example.com"]);
  });

  it("filters by creation time, a bare date meaning the whole UTC day", async () => {
    const all = (await list(w)).body.data as { email: string; createdAt: string }[];
    const oldest = all.at(-1)!;
    const day = oldest.createdAt.slice(0, 10);
    expect(emails(await list(w, `?createdFrom=${day}&createdTo=${day}`))).toHaveLength(all.length);
    expect(emails(await list(w, `?createdTo=${encodeURIComponent(oldest.createdAt)}`))).toContain(oldest.email);
    const after = new Date(Date.parse(oldest.createdAt) + 1).toISOString();
    expect(emails(await list(w, `?createdTo=${encodeURIComponent(oldest.createdAt.replace("Z", "+00:00"))}`))).toEqual(
      all.filter((c) => c.createdAt <= oldest.createdAt).map((c) => c.email),
    );
    expect(emails(await list(w, `?createdFrom=${encodeURIComponent(after)}`))).not.toContain(oldest.email);
    expect(emails(await list(w, "?createdFrom=2100-01-01"))).toEqual([]);
  });
});
