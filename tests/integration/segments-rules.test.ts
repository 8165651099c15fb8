// Segment rule semantics on a seeded data set, through the real route handlers and the real database: every
// operator family, groups, tags, activity and bad stored data; each segment's count equals the contacts it lists.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/segments/route";
import * as contactsRoute from "@/app/api/v1/segments/[id]/contacts/route";
import * as item from "@/app/api/v1/segments/[id]/route";
import * as preview from "@/app/api/v1/segments/preview/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
const id: Record<string, string> = {};
const T1 = randomUUID();
const T2 = randomUUID();
const OTHER_TAG = randomUUID();
const B1 = randomUUID();
const B2 = randomUUID();
const F1 = randomUUID();
/** A broadcast of the other workspace: its activity rows must never count in this one. */
const OTHER_B = randomUUID();

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const dayString = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  [ws, other] = await Promise.all([makeWorkspace(), makeWorkspace()]);
  const fields = [
    { key: "plan", type: "select", options: ["free", "pro"] },
    { key: "age", type: "number" },
    { key: "renews", type: "date" },
    { key: "vip", type: "boolean" },
    { key: "city", type: "text" },
  ] as const;
  await db().customField.createMany({
    data: fields.map((f) => ({
      workspaceId: ws.id,
      label: f.key,
      ...f,
      options: "options" in f ? [...f.options] : [],
    })),
  });
  const contacts = [
    {
      name: "ann",
      email: "Ann@Example.com",
      firstName: "Ann",
      lastName: "Lee",
      status: "subscribed",
      timezone: "Europe/Paris",
      fields: { plan: "pro", age: 34, renews: dayString(new Date(Date.now() + 30 * DAY)), vip: true, city: "Paris" },
      createdAt: new Date("2025-01-15T10:00:00Z"),
    },
    {
      name: "bob",
      email: "bob@example.org",
      firstName: "Bob",
      lastName: null,
      status: "unsubscribed",
      timezone: "America/New_York",
      fields: { plan: "free", age: 17, renews: dayString(ago(3)), vip: false, city: "50% off_city" },
      createdAt: new Date("2025-06-01T00:00:00Z"),
    },
    {
      // Bad stored data everywhere: it must count as not set, never make a query fail.
      name: "cat",
      email: "cat@test.io",
      firstName: "",
      lastName: "Cat",
      status: "pending",
      timezone: null,
      fields: { plan: "legacy", age: "n/a", renews: "not a date", vip: "maybe", city: null },
      createdAt: ago(2),
    },
    {
      name: "dan",
      email: "dan_smith@example.com",
      firstName: "Dan",
      lastName: "Smith",
      status: "bounced",
      timezone: "Europe/Berlin",
      // A number written as a numeric string (hand-edited data) still compares as a number.
      fields: { age: "41" },
      createdAt: ago(40),
    },
    {
      name: "eve",
      email: "eve@example.com",
      firstName: "Eve",
      lastName: "O'Neil",
      status: "complained",
      timezone: "Asia/Tokyo",
      fields: { age: 34.5, renews: "2025-12-31", vip: null },
      createdAt: new Date("2024-12-31T23:59:59.999Z"),
    },
  ] as const;
  for (const c of contacts) id[c.name] = randomUUID();
  await db().contact.createMany({
    data: contacts.map(({ name, ...c }) => ({
      ...c,
      fields: c.fields,
      id: id[name]!,
      workspaceId: ws.id,
      emailKey: c.email.toLowerCase(),
      source: "api",
    })),
  });
  // A contact of another workspace that would match many rules if scoping were missing.
  id.stranger = randomUUID();
  await db().contact.create({
    data: {
      id: id.stranger,
      workspaceId: other.id,
      email: "stranger@example.com",
      emailKey: "stranger@example.com",
      source: "api",
      status: "subscribed",
    },
  });
  await db().tag.createMany({
    data: [
      { id: T1, workspaceId: ws.id, name: "Customers", nameKey: "customers", color: "#000000" },
      { id: T2, workspaceId: ws.id, name: "VIP", nameKey: "vip", color: "#000000" },
      { id: OTHER_TAG, workspaceId: other.id, name: "Elsewhere", nameKey: "elsewhere", color: "#000000" },
    ],
  });
  await db().contactTag.createMany({
    data: [
      { contactId: id.ann!, tagId: T1 },
      { contactId: id.bob!, tagId: T1 },
      { contactId: id.ann!, tagId: T2 },
      { contactId: id.stranger!, tagId: OTHER_TAG },
    ],
  });
  // Conditions may name only this workspace's broadcasts and forms (validate-rules.ts), so these are real records.
  await db().broadcast.createMany({
    data: [
      { id: B1, workspaceId: ws.id, name: "B1" },
      { id: B2, workspaceId: ws.id, name: "B2" },
      { id: OTHER_B, workspaceId: other.id, name: "Theirs" },
    ],
  });
  await db().form.create({
    data: { id: F1, workspaceId: ws.id, name: "F1", type: "inline", successMessage: "Thanks!" },
  });
  const act = (name: string, type: string, days: number, extra: { broadcastId?: string; formId?: string } = {}) => ({
    workspaceId: ws.id,
    contactId: id[name]!,
    type,
    createdAt: ago(days),
    ...extra,
  });
  await db().contactActivity.createMany({
    data: [
      ...["ann", "bob", "cat"].map((n) => act(n, "email.sent", 10, { broadcastId: B1 })),
      act("ann", "email.opened", 9, { broadcastId: B1 }),
      act("bob", "email.opened", 9, { broadcastId: B1 }),
      act("ann", "email.clicked", 9, { broadcastId: B1 }),
      ...["dan", "ann"].map((n) => act(n, "email.sent", 100, { broadcastId: B2 })),
      act("dan", "email.opened", 99, { broadcastId: B2 }),
      act("eve", "form.submitted", 1, { formId: F1 }),
      act("cat", "form.submitted", 200, { formId: F1 }),
      // An activity row scoped to another workspace must never count, whatever its contactId says.
      { ...act("eve", "email.opened", 1, { broadcastId: OTHER_B }), workspaceId: other.id },
      { ...act("stranger", "email.opened", 1, { broadcastId: OTHER_B }), workspaceId: other.id },
    ],
  });
});

/** Creates the segment, checks preview and stored counts agree with the listed contacts, returns their names. */
async function members(conditions: unknown[], match: "all" | "any" = "all"): Promise<string[]> {
  const rules = { match, conditions };
  const created = await call(collection.POST, "POST", "/api/v1/segments", {
    key: ws.writeKey,
    body: { name: "case", rules },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const segmentId = created.body.data.id;
  const emails: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
    const page = await call(contactsRoute.GET, "GET", `/api/v1/segments/${segmentId}/contacts${query}`, {
      key: ws.readKey,
      params: { id: segmentId },
    });
    expect(page.status).toBe(200);
    emails.push(...page.body.data.map((c: { email: string }) => c.email));
    cursor = page.body.nextCursor;
  } while (cursor);
  const previewed = await call(preview.POST, "POST", "/api/v1/segments/preview", { key: ws.writeKey, body: { rules } });
  expect(created.body.data.contactCount).toBe(emails.length);
  expect(previewed.body.data.contactCount).toBe(emails.length);
  return emails.map((e) => e.split(/[@_]/)[0]!.toLowerCase()).sort();
}

const field = (f: string, operator: string, value?: unknown) => ({ type: "field", field: f, operator, value });

describe("text fields", () => {
  it.each([
    [field("email", "equals", "ANN@example.COM"), ["ann"]],
    [field("email", "not_equals", "ann@example.com"), ["bob", "cat", "dan", "eve"]],
    [field("email", "contains", "EXAMPLE"), ["ann", "bob", "dan", "eve"]],
    [field("email", "contains", "_"), ["dan"]],
    [field("email", "not_contains", "example"), ["cat"]],
    [field("email", "ends_with", ".ORG"), ["bob"]],
    [field("firstName", "starts_with", "a"), ["ann"]],
    [field("firstName", "is_not_set"), ["cat"]],
    [field("firstName", "is_set"), ["ann", "bob", "dan", "eve"]],
    [field("lastName", "not_equals", "LEE"), ["bob", "cat", "dan", "eve"]],
    [field("lastName", "contains", "'"), ["eve"]],
    [field("fields.city", "contains", "%"), ["bob"]],
    [field("fields.city", "starts_with", "par"), ["ann"]],
    [field("fields.city", "not_contains", "paris"), ["bob", "cat", "dan", "eve"]],
    [field("fields.city", "is_set"), ["ann", "bob"]],
  ])("%j", async (condition, expected) => {
    expect(await members([condition])).toEqual(expected);
  });
});

describe("status, timezone and createdAt", () => {
  it.each([
    [field("status", "equals", "subscribed"), ["ann"]],
    [field("status", "not_equals", "subscribed"), ["bob", "cat", "dan", "eve"]],
    [field("status", "in", ["bounced", "complained"]), ["dan", "eve"]],
    [field("timezone", "in", ["europe/paris", "Europe/Berlin"]), ["ann", "dan"]],
    [field("timezone", "starts_with", "europe/"), ["ann", "dan"]],
    [field("timezone", "is_not_set"), ["cat"]],
    [field("createdAt", "before", "2025-01-01"), ["eve"]],
    [field("createdAt", "on", "2024-12-31"), ["eve"]],
    [field("createdAt", "after", "2024-12-31"), ["ann", "bob", "cat", "dan"]],
    [field("createdAt", "within_last_days", 7), ["cat"]],
    [field("createdAt", "more_than_days_ago", 30), ["ann", "bob", "dan", "eve"]],
  ])("%j", async (condition, expected) => {
    expect(await members([condition])).toEqual(expected);
  });
});

describe("number, date, boolean and select custom fields (bad stored values count as not set)", () => {
  it.each([
    [field("fields.age", "gt", 18), ["ann", "dan", "eve"]],
    [field("fields.age", "equals", 34), ["ann"]],
    [field("fields.age", "lte", 17), ["bob"]],
    [field("fields.age", "gte", 34.5), ["dan", "eve"]],
    [field("fields.age", "lt", 34.5), ["ann", "bob"]],
    [field("fields.age", "not_equals", 34), ["bob", "cat", "dan", "eve"]],
    [field("fields.age", "is_set"), ["ann", "bob", "dan", "eve"]],
    [field("fields.age", "is_not_set"), ["cat"]],
    [field("fields.renews", "before", "2026-01-01"), ["eve"]],
    [field("fields.renews", "on", "2025-12-31"), ["eve"]],
    [field("fields.renews", "after", "2025-12-31"), ["ann", "bob"]],
    [field("fields.renews", "within_last_days", 7), ["bob"]],
    [field("fields.renews", "more_than_days_ago", 7), ["eve"]],
    [field("fields.renews", "is_not_set"), ["cat", "dan"]],
    [field("fields.vip", "is_true"), ["ann"]],
    [field("fields.vip", "is_false"), ["bob"]],
    [field("fields.vip", "is_set"), ["ann", "bob"]],
    [field("fields.vip", "is_not_set"), ["cat", "dan", "eve"]],
    [field("fields.plan", "equals", "PRO"), ["ann"]],
    [field("fields.plan", "not_equals", "pro"), ["bob", "cat", "dan", "eve"]],
    [field("fields.plan", "in", ["free", "pro"]), ["ann", "bob"]],
    [field("fields.plan", "is_not_set"), ["dan", "eve"]],
  ])("%j", async (condition, expected) => {
    expect(await members([condition])).toEqual(expected);
  });
});

describe("tags and activity", () => {
  it.each([
    [[{ type: "tag", operator: "has", tagId: T1 }], ["ann", "bob"]],
    [[{ type: "tag", operator: "has_not", tagId: T1 }], ["cat", "dan", "eve"]],
    [
      [
        { type: "tag", operator: "has", tagId: T1 },
        { type: "tag", operator: "has_not", tagId: T2 },
      ],
      ["bob"],
    ],
    [[{ type: "activity", action: "opened", broadcastId: B1 }], ["ann", "bob"]],
    [[{ type: "activity", action: "clicked" }], ["ann"]],
    [[{ type: "activity", action: "opened", withinDays: 30 }], ["ann", "bob"]],
    [[{ type: "activity", action: "opened", withinDays: 365 }], ["ann", "bob", "dan"]],
    [[{ type: "activity", action: "not_opened", broadcastId: B1 }], ["cat"]],
    [[{ type: "activity", action: "not_opened", broadcastId: B2 }], ["ann"]],
    [[{ type: "activity", action: "not_opened", withinDays: 30 }], ["cat"]],
    [[{ type: "activity", action: "not_opened" }], ["cat"]],
    [[{ type: "activity", action: "submitted_form", formId: F1 }], ["cat", "eve"]],
    [[{ type: "activity", action: "submitted_form", formId: F1, withinDays: 30 }], ["eve"]],
  ])("%j", async (conditions, expected) => {
    expect(await members(conditions)).toEqual(expected);
  });
});

describe("any / all and groups", () => {
  it("matches any of the top-level conditions, each group evaluated as a whole", async () => {
    const rules = [
      field("status", "equals", "subscribed"),
      {
        type: "group",
        match: "all",
        conditions: [{ type: "tag", operator: "has", tagId: T1 }, field("fields.age", "lt", 18)],
      },
    ];
    expect(await members(rules, "any")).toEqual(["ann", "bob"]);
  });

  it("matches all of the top-level conditions with an any-group inside", async () => {
    const rules = [
      field("email", "contains", "example"),
      {
        type: "group",
        match: "any",
        conditions: [field("timezone", "equals", "europe/berlin"), field("fields.vip", "is_true")],
      },
    ];
    expect(await members(rules, "all")).toEqual(["ann", "dan"]);
  });

  it("mixes activity, tags and fields under any (subqueries outside a join)", async () => {
    const rules = [
      { type: "activity", action: "submitted_form", withinDays: 30 },
      { type: "tag", operator: "has", tagId: T2 },
      { type: "group", match: "all", conditions: [field("status", "equals", "bounced")] },
    ];
    expect(await members(rules, "any")).toEqual(["ann", "dan", "eve"]);
  });
});

describe("workspace scoping", () => {
  it("refuses a tag of another workspace with a 422 pointing at it", async () => {
    const res = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: ws.writeKey,
      body: {
        rules: {
          match: "all",
          conditions: [
            { type: "group", match: "any", conditions: [{ type: "tag", operator: "has", tagId: OTHER_TAG }] },
          ],
        },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/conditions/0/tagId", detail: expect.any(String) },
    ]);
  });

  it("never counts another workspace's contacts", async () => {
    const res = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: other.writeKey,
      body: { rules: { match: "any", conditions: [{ type: "activity", action: "opened", broadcastId: OTHER_B }] } },
    });
    expect(res.body.data.contactCount).toBe(1);
  });

  it.each([
    ["another workspace's broadcast", { type: "activity", action: "opened", broadcastId: OTHER_B }, "broadcastId"],
    ["an unknown broadcast", { type: "activity", action: "clicked", broadcastId: randomUUID() }, "broadcastId"],
    ["a form id as a broadcast", { type: "activity", action: "not_opened", broadcastId: F1 }, "broadcastId"],
    ["an unknown form", { type: "activity", action: "submitted_form", formId: randomUUID() }, "formId"],
    ["a broadcast id as a form", { type: "activity", action: "submitted_form", formId: B1 }, "formId"],
    ["another workspace's tag", { type: "tag", operator: "has", tagId: OTHER_TAG }, "tagId"],
  ])("refuses %s with a 422 pointing at it, on create, update and preview", async (_, condition, member) => {
    const rules = {
      match: "all",
      conditions: [field("email", "is_set"), { type: "group", match: "any", conditions: [condition] }],
    };
    const pointer = `#/rules/conditions/1/conditions/0/${member}`;
    const segment = await call(collection.POST, "POST", "/api/v1/segments", {
      key: ws.writeKey,
      body: { name: "ok", rules: { match: "all", conditions: [field("email", "is_set")] } },
    });
    const answers = [
      await call(collection.POST, "POST", "/api/v1/segments", { key: ws.writeKey, body: { name: "refs", rules } }),
      await call(item.PATCH, "PATCH", `/api/v1/segments/${segment.body.data.id}`, {
        key: ws.writeKey,
        body: { rules },
        params: { id: segment.body.data.id },
      }),
      await call(preview.POST, "POST", "/api/v1/segments/preview", { key: ws.writeKey, body: { rules } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ pointer, detail: expect.stringMatching(/^No \w+ with this id exists/) }]);
    }
  });

  it("refuses a deleted form like an unknown one", async () => {
    const gone = await db().form.create({
      data: { workspaceId: ws.id, name: "Gone", type: "inline", successMessage: "Thanks!", deletedAt: new Date() },
    });
    const res = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: ws.writeKey,
      body: { rules: { match: "all", conditions: [{ type: "activity", action: "submitted_form", formId: gone.id }] } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/formId", detail: "No form with this id exists in this workspace." },
    ]);
  });
});
