// Tags on contacts: add, remove, exact tag counts, events and the activity timeline.
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/contacts/route";
import * as item from "@/app/api/v1/contacts/[id]/route";
import * as contactTags from "@/app/api/v1/contacts/[id]/tags/route";
import * as contactTag from "@/app/api/v1/contacts/[id]/tags/[tagId]/route";
import * as activity from "@/app/api/v1/contacts/[id]/activity/route";
import * as tagsRoute from "@/app/api/v1/tags/route";
import * as tagItem from "@/app/api/v1/tags/[id]/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

const makeTag = async (name: string, w = ws) =>
  (await call(tagsRoute.POST, "POST", "/api/v1/tags", { key: w.writeKey, body: { name } })).body.data.id as string;
const makeContact = async (email: string, tagIds?: string[]) =>
  (await call(collection.POST, "POST", "/api/v1/contacts", { key: ws.writeKey, body: { email, tagIds } })).body.data
    .id as string;
const addTags = (id: string, tagIds: unknown, key = ws.writeKey) =>
  call(contactTags.POST, "POST", `/api/v1/contacts/${id}/tags`, { key, body: { tagIds }, params: { id } });
const removeTag = (id: string, tagId: string) =>
  call(contactTag.DELETE, "DELETE", `/api/v1/contacts/${id}/tags/${tagId}`, {
    key: ws.writeKey,
    params: { id, tagId },
  });
const count = async (tagId: string) =>
  (await call(tagItem.GET, "GET", `/api/v1/tags/${tagId}`, { key: ws.readKey, params: { id: tagId } })).body.data.count;
const eventTypes = async () =>
  (await db().event.findMany({ where: { workspaceId: ws.id }, orderBy: { seq: "asc" } })).map((e) => e.type);

beforeAll(async () => {
  ws = await makeWorkspace();
});

describe("POST /api/v1/contacts/{id}/tags and DELETE /api/v1/contacts/{id}/tags/{tagId}", () => {
  it("adds and removes tags with exact counts, events and activity; repeats are no-ops", async () => {
    const [a, b] = [await makeTag("A"), await makeTag("B")];
    const id = await makeContact("tags@example.com");
    const added = await addTags(id, [a, b, a]);
    expect(added.status).toBe(200);
    expect([...added.body.data.tags].sort()).toEqual([a, b].sort());
    expect([await count(a), await count(b)]).toEqual([1, 1]);

    const eventsBefore = (await eventTypes()).length;
    expect((await addTags(id, [a])).body.data.tags).toHaveLength(2);
    expect(await count(a)).toBe(1);
    expect((await eventTypes()).length).toBe(eventsBefore);

    const removed = await removeTag(id, a);
    expect(removed.status).toBe(200);
    expect(removed.body.data.tags).toEqual([b]);
    expect(await count(a)).toBe(0);
    const again = await removeTag(id, a);
    expect(again.status).toBe(200);
    expect(again.body.data.tags).toEqual([b]);
    expect(await count(a)).toBe(0);

    const log = await db().event.findMany({
      where: { workspaceId: ws.id, type: { in: ["contact.tag_added", "contact.tag_removed"] } },
      orderBy: { seq: "asc" },
      select: { type: true, payload: true },
    });
    expect(log).toEqual([
      // Added in tag id order; every tag event names the tag beside its id (webhook receivers need no lookup).
      ...[
        { tagId: a, tagName: "A" },
        { tagId: b, tagName: "B" },
      ]
        .sort((x, y) => x.tagId.localeCompare(y.tagId))
        .map((tag) => ({ type: "contact.tag_added", payload: { contactId: id, ...tag } })),
      { type: "contact.tag_removed", payload: { contactId: id, tagId: a, tagName: "A" } },
    ]);
    const timeline = await call(activity.GET, "GET", `/api/v1/contacts/${id}/activity`, {
      key: ws.readKey,
      params: { id },
    });
    expect(timeline.body.data.map((x: { type: string }) => x.type)).toEqual([
      "tag.removed",
      "tag.added",
      "tag.added",
      "subscribed",
    ]);
    expect(timeline.body.data[0]).toEqual({
      id: expect.any(String),
      type: "tag.removed",
      createdAt: expect.any(String),
      data: { tagId: a },
      broadcastId: null,
      formId: null,
    });
  });

  it("answers 422 at the index of an unknown or other workspace's tag, adding none", async () => {
    const mine = await makeTag("Mine");
    const theirs = await makeTag("Theirs", await makeWorkspace());
    const id = await makeContact("strict@example.com");
    const res = await addTags(id, [mine, theirs, "7a1c1c52-0000-4000-8000-000000000000"]);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["#/tagIds/1", "#/tagIds/2"]);
    expect(await count(mine)).toBe(0);
    for (const body of [[], ["nope"], Array(101).fill(mine)]) {
      expect((await addTags(id, body)).status).toBe(422);
    }
  });

  it("answers 404 for an unknown contact or tag in the path", async () => {
    const id = await makeContact("paths@example.com");
    const missing = "7a1c1c52-0000-4000-8000-000000000000";
    expect((await addTags(missing, [await makeTag("X")])).status).toBe(404);
    expect((await removeTag(missing, missing)).status).toBe(404);
    expect((await removeTag(id, missing)).status).toBe(404);
  });

  it("keeps counts exact when contacts and tags are deleted", async () => {
    const t = await makeTag("Counted");
    const ids = [await makeContact("c1@example.com", [t]), await makeContact("c2@example.com", [t])];
    await makeContact("c3@example.com", [t]);
    expect(await count(t)).toBe(3);
    await call(item.DELETE, "DELETE", `/api/v1/contacts/${ids[0]}`, { key: ws.writeKey, params: { id: ids[0]! } });
    expect(await count(t)).toBe(2);
    await removeTag(ids[1]!, t);
    expect(await count(t)).toBe(1);
    expect(
      (await call(tagItem.DELETE, "DELETE", `/api/v1/tags/${t}`, { key: ws.writeKey, params: { id: t } })).status,
    ).toBe(204);
    const contact = await call(item.GET, "GET", `/api/v1/contacts/${ids[1]}`, {
      key: ws.readKey,
      params: { id: ids[1]! },
    });
    expect(contact.body.data.tags).toEqual([]);
  });
});

describe("GET /api/v1/contacts/{id}/activity", () => {
  it("pages newest first by cursor and refuses a tampered cursor", async () => {
    const id = await makeContact("timeline@example.com");
    const tags = [await makeTag("T1"), await makeTag("T2"), await makeTag("T3")];
    for (const t of tags) await addTags(id, [t]);
    const get = (query: string) =>
      call(activity.GET, "GET", `/api/v1/contacts/${id}/activity${query}`, { key: ws.readKey, params: { id } });
    const first = await get("?limit=3");
    expect(first.body.data.map((a: { data: { tagId?: string } }) => a.data.tagId)).toEqual([...tags].reverse());
    const second = await get(`?limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ type: "subscribed" })], nextCursor: null });
    const tampered = await get(`?cursor=${encodeURIComponent(first.body.nextCursor.replace(/^./, "x"))}`);
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors[0].pointer).toBe("#/query/cursor");
    expect((await get("?limit=500")).status).toBe(422);
  });
});
