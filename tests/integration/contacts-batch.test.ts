// POST /api/v1/contacts/batch: all-or-nothing validation, one transaction, events and tags set-based.
import { beforeAll, describe, expect, it } from "vitest";
import * as batch from "@/app/api/v1/contacts/batch/route";
import * as collection from "@/app/api/v1/contacts/route";
import * as fieldsRoute from "@/app/api/v1/custom-fields/route";
import * as tagsRoute from "@/app/api/v1/tags/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

const send = (body: unknown, w = ws) => call(batch.POST, "POST", "/api/v1/contacts/batch", { key: w.writeKey, body });
const eventsOf = (workspaceId: string) =>
  db().event.findMany({ where: { workspaceId }, orderBy: { seq: "asc" }, select: { type: true, payload: true } });

beforeAll(async () => {
  ws = await makeWorkspace();
  await call(fieldsRoute.POST, "POST", "/api/v1/custom-fields", {
    key: ws.writeKey,
    body: { key: "score", label: "Score", type: "number" },
  });
});

describe("POST /api/v1/contacts/batch", () => {
  it("creates and updates in one go, last duplicate wins, with events, activity and tags", async () => {
    const w = await makeWorkspace();
    const tagId = (await call(tagsRoute.POST, "POST", "/api/v1/tags", { key: w.writeKey, body: { name: "Batch" } }))
      .body.data.id;
    const existing = (
      await call(collection.POST, "POST", "/api/v1/contacts", {
        key: w.writeKey,
        body: { email: "old@example.com", firstName: "Old", lastName: "Name" },
      })
    ).body.data;
    const res = await send(
      {
        contacts: [
          { email: "new1@example.com", firstName: "First" },
          { email: "OLD@example.com", firstName: "Renamed", status: "unsubscribed" },
          { email: "new2@example.com", status: "pending" },
          { email: "New1@Example.com", firstName: "Second" },
        ],
        tagIds: [tagId],
      },
      w,
    );
    expect(res.status).toBe(200);
    const { created, updated, skipped, contacts } = res.body.data;
    expect({ created, updated, skipped }).toEqual({ created: 2, updated: 1, skipped: 0 });
    expect(contacts.map((c: { email: string }) => c.email)).toEqual([
      "New1@Example.com",
      "old@example.com",
      "new2@example.com",
    ]);
    expect(contacts[0]).toMatchObject({ firstName: "Second", source: "api", tags: [tagId], status: "subscribed" });
    expect(contacts[1]).toMatchObject({
      id: existing.id,
      firstName: "Renamed",
      lastName: "Name",
      status: "unsubscribed",
    });
    expect(contacts[1].unsubscribedAt).not.toBeNull();
    expect(contacts[2]).toMatchObject({ status: "pending", subscribedAt: null, tags: [tagId] });

    const log = (await eventsOf(w.id)).slice(1);
    expect(log.filter((e) => e.type === "contact.created").map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { contactId: contacts[0].id, email: "New1@Example.com" },
        { contactId: contacts[2].id, email: "new2@example.com" },
      ]),
    );
    expect(log.find((e) => e.type === "contact.updated")!.payload).toEqual({
      contactId: existing.id,
      email: "old@example.com",
      changed: ["firstName", "status"],
    });
    expect(log.filter((e) => e.type === "contact.unsubscribed")).toHaveLength(1);
    expect(log.filter((e) => e.type === "contact.tag_added")).toHaveLength(3);
    expect((await db().tag.findUnique({ where: { id: tagId } }))!.contactCount).toBe(3);
  });

  it("leaves existing contacts alone with updateExisting false and counts them as skipped", async () => {
    const w = await makeWorkspace();
    await send({ contacts: [{ email: "keep@example.com", firstName: "Keep" }] }, w);
    const before = (await eventsOf(w.id)).length;
    const res = await send(
      {
        contacts: [{ email: "keep@example.com", firstName: "Changed" }, { email: "fresh@example.com" }],
        updateExisting: false,
      },
      w,
    );
    expect(res.body.data).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect(res.body.data.contacts[0].firstName).toBe("Keep");
    expect((await eventsOf(w.id)).slice(before).map((e) => e.type)).toEqual(["contact.created"]);
    const same = await send({ contacts: [{ email: "keep@example.com", firstName: "Keep" }] }, w);
    expect(same.body.data).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    expect((await eventsOf(w.id)).length).toBe(before + 1);
  });

  it("refuses the whole batch when any row is invalid, with a pointer per bad value, writing nothing", async () => {
    const rows = [
      { email: "ok1@example.com", fields: { score: 3 } },
      { email: "broken" },
      { email: "ok2@example.com", fields: { score: "high", nope: 1 } },
      { email: "ok3@example.com", timezone: "Nowhere/Land" },
      { email: "ok4@example.com", extra: 1 },
    ];
    const res = await send({ contacts: rows });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(["#/contacts/1/email", "#/contacts/3/timezone", "#/contacts/4"]),
    );
    expect(await db().contact.count({ where: { workspaceId: ws.id } })).toBe(0);

    const fieldErrors = await send({ contacts: [rows[0], rows[2]] });
    expect(fieldErrors.status).toBe(422);
    expect(fieldErrors.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "#/contacts/1/fields/score",
      "#/contacts/1/fields/nope",
    ]);
    const badTag = await send({ contacts: [rows[0]], tagIds: ["7a1c1c52-0000-4000-8000-000000000000"] });
    expect(badTag.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["#/tagIds/0"]);
    expect(await db().contact.count({ where: { workspaceId: ws.id } })).toBe(0);
  });

  it.each([
    [{}, "#/contacts"],
    [{ contacts: [] }, "#/contacts"],
    [{ contacts: "x" }, "#/contacts"],
    [{ contacts: [{ email: "a@b.co" }], updateExisting: "yes" }, "#/updateExisting"],
  ])("answers 422 for %j", async (body, pointer) => {
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it("takes 1,000 rows in one request and refuses 1,001", async () => {
    const w = await makeWorkspace();
    await call(fieldsRoute.POST, "POST", "/api/v1/custom-fields", {
      key: w.writeKey,
      body: { key: "score", label: "Score", type: "number" },
    });
    const contacts = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk${i}@example.com`, fields: { score: i } }));
    const tooMany = await send({ contacts: [...contacts, { email: "one-more@example.com" }] }, w);
    expect(tooMany.status).toBe(422);
    const res = await send({ contacts }, w);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 1000, updated: 0, skipped: 0 });
    expect(res.body.data.contacts[999]).toMatchObject({ email: "bulk999@example.com", fields: { score: 999 } });
    expect(await db().event.count({ where: { workspaceId: w.id, type: "contact.created" } })).toBe(1000);
    expect(await db().contactActivity.count({ where: { workspaceId: w.id, type: "subscribed" } })).toBe(1000);
    const again = await send({ contacts: contacts.map((c) => ({ ...c, fields: { score: c.fields.score + 1 } })) }, w);
    expect(again.body.data).toMatchObject({ created: 0, updated: 1000 });
    expect(await db().event.count({ where: { workspaceId: w.id, type: "contact.updated" } })).toBe(1000);
  });
});
