// Contacts: create, read, update, erase, through the real route handlers and the real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/contacts/route";
import * as item from "@/app/api/v1/contacts/[id]/route";
import * as fieldsRoute from "@/app/api/v1/custom-fields/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const create = (body: unknown, w = ws) => call(collection.POST, "POST", "/api/v1/contacts", { key: w.writeKey, body });
const byId = (method: "GET" | "PATCH" | "DELETE", id: string, body?: unknown, w = ws) =>
  call(item[method], method, `/api/v1/contacts/${id}`, { key: w.writeKey, body, params: { id } });
const events = (workspaceId: string) =>
  db().event.findMany({ where: { workspaceId }, orderBy: { seq: "asc" }, select: { type: true, payload: true } });
const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer);

beforeAll(async () => {
  ws = await makeWorkspace();
  for (const field of [
    { key: "plan", label: "Plan", type: "select", options: ["Free", "Pro"] },
    { key: "age", label: "Age", type: "number" },
    { key: "vip", label: "VIP", type: "boolean" },
    { key: "birthday", label: "Birthday", type: "date" },
    { key: "company", label: "Company", type: "text" },
  ]) {
    const res = await call(fieldsRoute.POST, "POST", "/api/v1/custom-fields", { key: ws.writeKey, body: field });
    expect(res.status).toBe(201);
  }
});

describe("POST /api/v1/contacts", () => {
  it("creates a contact with every field of the record and writes contact.created in the log", async () => {
    const fresh = await makeWorkspace();
    const res = await create({ email: "  Ada@Example.com ", firstName: "Ada", timezone: "europe/paris" }, fresh);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: fresh.id,
      email: "Ada@Example.com",
      firstName: "Ada",
      lastName: null,
      status: "subscribed",
      timezone: "Europe/Paris",
      source: "api",
      fields: {},
      tags: [],
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      subscribedAt: expect.stringMatching(ISO),
      unsubscribedAt: null,
    });
    expect(await events(fresh.id)).toEqual([
      { type: "contact.created", payload: { contactId: res.body.data.id, email: "Ada@Example.com" } },
    ]);
    const activity = await db().contactActivity.findMany({ where: { contactId: res.body.data.id } });
    expect(activity.map((a) => a.type)).toEqual(["subscribed"]);
    expect((await byId("GET", res.body.data.id, undefined, fresh)).body.data).toEqual(res.body.data);
  });

  it("validates and normalises custom-field values", async () => {
    const res = await create({
      email: "fields@example.com",
      fields: { plan: "pro", age: "42", vip: "yes", birthday: "2001-02-03T10:00:00Z", company: " Acme " },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.fields).toEqual({ plan: "Pro", age: 42, vip: true, birthday: "2001-02-03", company: "Acme" });
  });

  it("answers 409 for an existing email ignoring case, and 200 with the updated contact on upsert", async () => {
    const first = await create({ email: "dup@example.com", firstName: "One", fields: { age: 1 } });
    const eventCount = (await events(ws.id)).length;
    const again = await create({ email: "DUP@example.com" });
    expect(again.status).toBe(409);
    expect(await events(ws.id)).toHaveLength(eventCount);
    expect(again.body.detail).toContain(first.body.data.id);
    expect(pointers(again.body)).toEqual(["#/email"]);

    const upsert = await create({ email: "Dup@Example.com", lastName: "Two", fields: { vip: false }, upsert: true });
    expect(upsert.status).toBe(200);
    expect(upsert.body.data).toMatchObject({
      id: first.body.data.id,
      email: "dup@example.com",
      firstName: "One",
      lastName: "Two",
      fields: { age: 1, vip: false },
    });
  });

  it.each([
    [{}, "#/email"],
    [{ email: "not-an-email" }, "#/email"],
    [{ email: `${"a".repeat(250)}@x.io` }, "#/email"],
    [{ email: "a@b.co", firstName: "x".repeat(101) }, "#/firstName"],
    [{ email: "a@b.co", lastName: 7 }, "#/lastName"],
    [{ email: "a@b.co", status: "gone" }, "#/status"],
    [{ email: "a@b.co", timezone: "Mars/Olympus" }, "#/timezone"],
    [{ email: "a@b.co", timezone: "+02:00" }, "#/timezone"],
    [{ email: "a@b.co", fields: [] }, "#/fields"],
    [{ email: "a@b.co", fields: { nope: 1 } }, "#/fields/nope"],
    [{ email: "a@b.co", fields: { age: "12abc" } }, "#/fields/age"],
    [{ email: "a@b.co", fields: { vip: "maybe" } }, "#/fields/vip"],
    [{ email: "a@b.co", fields: { birthday: "2023-02-30" } }, "#/fields/birthday"],
    [{ email: "a@b.co", fields: { plan: "Gold" } }, "#/fields/plan"],
    [{ email: "a@b.co", fields: { company: "x".repeat(1001) } }, "#/fields/company"],
    [{ email: "a@b.co", tagIds: ["7a1c1c52-0000-4000-8000-000000000000"] }, "#/tagIds/0"],
    [{ email: "a@b.co", tagIds: [] }, "#/tagIds"],
    [{ email: "a@b.co", source: "import" }, "#"],
  ])("answers 422 for %j at %s, writing nothing", async (body, pointer) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
    expect(await db().contact.count({ where: { workspaceId: ws.id, emailKey: "a@b.co" } })).toBe(0);
  });
});

describe("PATCH /api/v1/contacts/{id}", () => {
  it("merges fields, records field.changed and contact.updated with the changed names", async () => {
    const fresh = await makeWorkspace();
    const created = await create({ email: "p@example.com", firstName: "P" }, fresh);
    const id = created.body.data.id;
    const res = await byId("PATCH", id, { lastName: "Q", firstName: "P" }, fresh);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firstName: "P", lastName: "Q" });
    expect(new Date(res.body.data.updatedAt) >= new Date(created.body.data.updatedAt)).toBe(true);
    const log = await events(fresh.id);
    expect(log.at(-1)).toEqual({
      type: "contact.updated",
      payload: { contactId: id, email: "p@example.com", changed: ["lastName"] },
    });
    const unchanged = await byId("PATCH", id, { lastName: "Q" }, fresh);
    expect(unchanged.status).toBe(200);
    expect(await events(fresh.id)).toHaveLength(log.length);
    const activity = await db().contactActivity.findMany({ where: { contactId: id }, orderBy: { seq: "asc" } });
    expect(activity.at(-1)).toMatchObject({ type: "field.changed", data: { field: "lastName", from: null, to: "Q" } });
  });

  it("sets and removes custom-field values", async () => {
    const id = (await create({ email: "merge@example.com", fields: { age: 30, plan: "Free" } })).body.data.id;
    const res = await byId("PATCH", id, { fields: { age: null, vip: 1 } });
    expect(res.body.data.fields).toEqual({ plan: "Free", vip: true });
    const bad = await byId("PATCH", id, { fields: { age: "old" } });
    expect(bad.status).toBe(422);
    expect(pointers(bad.body)).toEqual(["#/fields/age"]);
  });

  it("unsubscribes and resubscribes with timestamps and events", async () => {
    const id = (await create({ email: "unsub@example.com" })).body.data.id;
    const before = (await events(ws.id)).length;
    const off = await byId("PATCH", id, { status: "unsubscribed" });
    expect(off.body.data).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.stringMatching(ISO) });
    const log = (await events(ws.id)).slice(before);
    expect(log.map((e) => e.type)).toEqual(["contact.updated", "contact.unsubscribed"]);
    expect(log[1]!.payload).toEqual({ contactId: id, email: "unsub@example.com" });
    const on = await byId("PATCH", id, { status: "subscribed" });
    expect(on.body.data).toMatchObject({ status: "subscribed", unsubscribedAt: null });
    expect(new Date(on.body.data.subscribedAt) >= new Date(off.body.data.unsubscribedAt)).toBe(true);
    const types = (await db().contactActivity.findMany({ where: { contactId: id }, orderBy: { seq: "asc" } })).map(
      (a) => a.type,
    );
    expect(types).toEqual(["subscribed", "unsubscribed", "subscribed"]);
  });

  it("changes the email when it is free, 409 when another contact has it", async () => {
    const a = (await create({ email: "first@example.com" })).body.data.id;
    await create({ email: "second@example.com" });
    const taken = await byId("PATCH", a, { email: "SECOND@example.com" });
    expect(taken.status).toBe(409);
    expect(pointers(taken.body)).toEqual(["#/email"]);
    const recased = await byId("PATCH", a, { email: "First@Example.com" });
    expect(recased.body.data.email).toBe("First@Example.com");
    const moved = await byId("PATCH", a, { email: "third@example.com" });
    expect(moved.body.data.email).toBe("third@example.com");
    expect((await create({ email: "first@example.com" })).status).toBe(201);
  });

  it("answers 422 for an empty or unknown body and 404 for unknown ids", async () => {
    const id = (await create({ email: "empty@example.com" })).body.data.id;
    expect((await byId("PATCH", id, {})).status).toBe(422);
    expect(pointers((await byId("PATCH", id, { tags: [] })).body)).toContain("#");
    expect((await byId("PATCH", id, { email: "nope" })).status).toBe(422);
    expect((await byId("PATCH", "7a1c1c52-0000-4000-8000-000000000000", { firstName: "x" })).status).toBe(404);
    expect((await byId("GET", "not-a-uuid")).status).toBe(404);
  });
});

describe("DELETE /api/v1/contacts/{id} (GDPR erasure)", () => {
  it("erases the contact, keeps email activity anonymised and scrubs the email from earlier events", async () => {
    const fresh = await makeWorkspace();
    const id = (await create({ email: "gone@example.com", firstName: "Gone" }, fresh)).body.data.id;
    await db().contactActivity.createMany({
      data: [
        { workspaceId: fresh.id, contactId: id, type: "email.opened", data: { ua: "Mail" } },
        { workspaceId: fresh.id, contactId: id, type: "form.submitted", data: { email: "gone@example.com" } },
      ],
    });
    expect((await byId("DELETE", id, undefined, fresh)).status).toBe(204);
    expect((await byId("GET", id, undefined, fresh)).status).toBe(404);
    expect((await byId("DELETE", id, undefined, fresh)).status).toBe(404);
    const left = await db().contactActivity.findMany({ where: { workspaceId: fresh.id } });
    expect(left.map((a) => ({ type: a.type, contactId: a.contactId, data: a.data }))).toEqual([
      { type: "email.opened", contactId: null, data: {} },
    ]);
    const log = await events(fresh.id);
    expect(log).toEqual([
      { type: "contact.created", payload: { contactId: id } },
      { type: "contact.deleted", payload: { contactId: id } },
    ]);
    expect(JSON.stringify(log)).not.toContain("gone@example.com");
  });
});
