// Segments CRUD, preview, contact listing, validation pointers and the auth matrix, through the real route handlers.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/segments/route";
import * as item from "@/app/api/v1/segments/[id]/route";
import * as contactsRoute from "@/app/api/v1/segments/[id]/contacts/route";
import * as preview from "@/app/api/v1/segments/preview/route";
import { db } from "@/server/db/client";
import { describeAuthMatrix } from "../support/auth-matrix";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
let segmentId: string;

const subscribed = {
  match: "all",
  conditions: [{ type: "field", field: "status", operator: "equals", value: "subscribed" }],
};

async function addContacts(w: Ws, n: number, opts: { status?: "subscribed" | "bounced"; createdAt?: Date } = {}) {
  const rows = Array.from({ length: n }, () => {
    const email = `c-${randomUUID().slice(0, 8)}@Example.com`;
    return {
      workspaceId: w.id,
      email,
      emailKey: email.toLowerCase(),
      source: "api",
      status: opts.status,
      createdAt: opts.createdAt,
    };
  });
  await db().contact.createMany({ data: rows });
}

const create = (body: unknown, key = ws.writeKey) => call(collection.POST, "POST", "/api/v1/segments", { key, body });
const byId = (method: "GET" | "PATCH" | "DELETE", id: string, opts: { key?: string; body?: unknown } = {}) =>
  call(item[method], method, `/api/v1/segments/${id}`, {
    key: opts.key ?? ws.writeKey,
    body: opts.body,
    params: { id },
  });
const contactsOf = (id: string, query = "", key = ws.readKey) =>
  call(contactsRoute.GET, "GET", `/api/v1/segments/${id}/contacts${query}`, { key, params: { id } });

beforeAll(async () => {
  [ws, other] = await Promise.all([makeWorkspace(), makeWorkspace()]);
  await addContacts(ws, 3);
  await addContacts(ws, 2, { status: "bounced" });
  await addContacts(other, 4);
  segmentId = (await create({ name: "Subscribed", rules: subscribed })).body.data.id;
});

describe("POST /api/v1/segments", () => {
  it("creates a segment with its live count", async () => {
    const res = await create({ name: "  Active ", description: "Everyone who can be mailed", rules: subscribed });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: ws.id,
      name: "Active",
      description: "Everyone who can be mailed",
      rules: subscribed,
      contactCount: 3,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
  });

  const leaf = { type: "field", field: "email", operator: "is_set" };
  it.each([
    [{ rules: subscribed }, "#/name"],
    [{ name: "", rules: subscribed }, "#/name"],
    [{ name: "x".repeat(101), rules: subscribed }, "#/name"],
    [{ name: "ok", description: "d".repeat(501), rules: subscribed }, "#/description"],
    [{ name: "ok" }, "#/rules"],
    [{ name: "ok", rules: { match: "some", conditions: [leaf] } }, "#/rules/match"],
    [{ name: "ok", rules: { match: "all", conditions: [] } }, "#/rules/conditions"],
    [{ name: "ok", rules: { match: "all", conditions: Array(51).fill(leaf) } }, "#/rules/conditions"],
    [
      {
        name: "ok",
        rules: {
          match: "all",
          conditions: [
            leaf,
            { type: "group", match: "any", conditions: [leaf, { type: "group", match: "all", conditions: [leaf] }] },
          ],
        },
      },
      "#/rules/conditions/1/conditions/1/type",
    ],
    [
      {
        name: "ok",
        rules: {
          match: "all",
          conditions: [
            leaf,
            leaf,
            { type: "group", match: "any", conditions: [{ ...leaf, operator: "equals", value: 3 }] },
          ],
        },
      },
      "#/rules/conditions/2/conditions/0/value",
    ],
    [
      { name: "ok", rules: { match: "all", conditions: [{ ...leaf, field: "fields.missing" }] } },
      "#/rules/conditions/0/field",
    ],
    [
      { name: "ok", rules: { match: "all", conditions: [{ ...leaf, operator: "gt", value: 3 }] } },
      "#/rules/conditions/0/operator",
    ],
    [
      { name: "ok", rules: { match: "all", conditions: [{ type: "tag", operator: "has", tagId: randomUUID() }] } },
      "#/rules/conditions/0/tagId",
    ],
    [
      { name: "ok", rules: { match: "all", conditions: [{ type: "activity", action: "opened", withinDays: 4000 }] } },
      "#/rules/conditions/0/withinDays",
    ],
    [{ name: "ok", rules: subscribed, extra: 1 }, "#"],
  ])("answers 422 with a pointer for %j", async (body, pointer) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });
});

describe("the builder's sentences, through the API", () => {
  const rules = (...conditions: unknown[]) => ({ match: "all", conditions });

  it("says what to choose or enter, at the condition's member, on create, update and preview alike", async () => {
    const tag = await db().tag.create({
      data: { workspaceId: ws.id, name: "Msg", nameKey: `msg-${randomUUID()}`, color: "#000000" },
    });
    const body = {
      name: "Unfinished",
      rules: rules(
        { type: "tag", operator: "has", tagId: "" },
        { type: "field", field: "fields.nope", operator: "is_set" },
        {
          type: "group",
          match: "any",
          conditions: [
            { type: "tag", operator: "has", tagId: tag.id },
            { type: "field", field: "firstName", operator: "equals", value: "" },
          ],
        },
      ),
    };
    const created = await create(body);
    expect(created.status).toBe(422);
    // zod's issues come first; a rule tree that passes them is checked against the workspace next.
    expect(created.body.errors).toEqual([{ pointer: "#/rules/conditions/0/tagId", detail: "Choose a tag." }]);

    const fixed = { ...body, rules: { ...body.rules, conditions: body.rules.conditions.slice(1) } };
    const second = await create(fixed);
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/field", detail: 'This workspace has no custom field with the key "nope".' },
      {
        pointer: "#/rules/conditions/1/conditions/1/value",
        detail: "Enter a value, or use “is not set” to find contacts without one.",
      },
    ]);

    const { body: made } = await create({ name: "Msg ok", rules: subscribed });
    const patched = await byId("PATCH", made.data.id, {
      body: { rules: rules({ type: "field", field: "createdAt", operator: "within_last_days", value: 0 }) },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/value", detail: "Enter a whole number of days from 1 to 3650." },
    ]);

    const previewed = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: ws.writeKey,
      body: { rules: rules({ type: "activity", action: "submitted_form", formId: "contact-us" }) },
    });
    expect(previewed.status).toBe(422);
    expect(previewed.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/formId", detail: "Choose a form by its id, or leave it empty for any form." },
    ]);
  });
});

describe("GET, PATCH, DELETE /api/v1/segments/{id}", () => {
  it("reads, updates and deletes a segment; the count follows the data", async () => {
    const { body } = await create({
      name: "Bounced",
      rules: { ...subscribed, conditions: [{ ...subscribed.conditions[0], value: "bounced" }] },
    });
    const sid = body.data.id;
    expect((await byId("GET", sid)).body.data).toEqual(body.data);
    expect(body.data).toMatchObject({ description: null, contactCount: 2 });

    await addContacts(ws, 1, { status: "bounced" });
    expect((await byId("GET", sid)).body.data.contactCount).toBe(3);

    const renamed = await byId("PATCH", sid, { body: { name: "Hard bounces", description: "Clean up" } });
    expect(renamed.body.data).toMatchObject({ name: "Hard bounces", description: "Clean up", contactCount: 3 });
    const cleared = await byId("PATCH", sid, { body: { description: null, rules: subscribed } });
    expect(cleared.body.data).toMatchObject({
      name: "Hard bounces",
      description: null,
      rules: subscribed,
      contactCount: 3,
    });

    expect((await byId("DELETE", sid)).status).toBe(204);
    expect((await byId("GET", sid)).status).toBe(404);
    expect((await byId("DELETE", sid)).status).toBe(404);
    expect((await byId("PATCH", sid, { body: { name: "x" } })).status).toBe(404);
  });

  it("refuses an empty or invalid update, and answers 404 before validating rules of a missing segment", async () => {
    expect((await byId("PATCH", segmentId, { body: {} })).status).toBe(422);
    const bad = await byId("PATCH", segmentId, {
      body: { rules: { match: "all", conditions: [{ type: "field", field: "fields.nope", operator: "is_set" }] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].pointer).toBe("#/rules/conditions/0/field");
    const missing = await byId("PATCH", randomUUID(), {
      body: { rules: { match: "all", conditions: [{ type: "field", field: "fields.nope", operator: "is_set" }] } },
    });
    expect(missing.status).toBe(404);
  });

  it("answers 404 for ids that are not UUIDs or belong to another workspace", async () => {
    expect((await byId("GET", "nope")).status).toBe(404);
    expect((await byId("GET", segmentId, { key: other.readKey })).body.detail).toBe("Segment not found.");
    expect((await contactsOf(segmentId, "", other.readKey)).status).toBe(404);
  });
});

describe("GET /api/v1/segments", () => {
  it("pages newest first with live counts", async () => {
    const fresh = await makeWorkspace();
    await addContacts(fresh, 2);
    for (let i = 0; i < 3; i++) await create({ name: `S${i}`, rules: subscribed }, fresh.writeKey);
    const list = (q: string) => call(collection.GET, "GET", `/api/v1/segments${q}`, { key: fresh.readKey });
    const first = await list("?limit=2");
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(first.body.data.map((s: { name: string; contactCount: number }) => [s.name, s.contactCount])).toEqual([
      ["S2", 2],
      ["S1", 2],
    ]);
    expect((await list("?limit=2&page=2")).body.data.map((s: { name: string }) => s.name)).toEqual(["S0"]);
    expect((await list("?page=0")).status).toBe(422);
  });
});

describe("GET /api/v1/segments/{id}/contacts", () => {
  it("pages newest first without skipping or repeating, ties broken by id, with a signed cursor", async () => {
    const fresh = await makeWorkspace();
    const same = new Date("2026-01-01T00:00:00Z");
    await addContacts(fresh, 3, { createdAt: same });
    await addContacts(fresh, 2, { createdAt: new Date("2026-02-01T00:00:00Z") });
    const sid = (await create({ name: "All", rules: subscribed }, fresh.writeKey)).body.data.id;
    const expected = await db().contact.findMany({
      where: { workspaceId: fresh.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await contactsOf(
        sid,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        fresh.readKey,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
      if (seen.length === 2) await addContacts(fresh, 1); // a newer contact must not shift later pages
    } while (cursor);
    expect(seen).toEqual(expected.map((c) => c.id));

    const page = await contactsOf(sid, "?limit=1", fresh.readKey);
    expect(page.body.data[0]).toMatchObject({ workspaceId: fresh.id, status: "subscribed", tags: [], fields: {} });
    const tampered = `${page.body.nextCursor.slice(0, -2)}xx`;
    const bad = await contactsOf(sid, `?cursor=${tampered}`, fresh.readKey);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].pointer).toBe("#/query/cursor");
    expect((await contactsOf(sid, "?limit=101", fresh.readKey)).status).toBe(422);
  });
});

describe("POST /api/v1/segments/preview", () => {
  it("counts unsaved rules and validates them like create", async () => {
    const ok = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: ws.writeKey,
      body: { rules: subscribed },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { contactCount: 3 } });
    const bad = await call(preview.POST, "POST", "/api/v1/segments/preview", {
      key: ws.writeKey,
      body: {
        rules: { match: "all", conditions: [{ type: "field", field: "status", operator: "equals", value: "gone" }] },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { pointer: "#/rules/conditions/0/value", detail: expect.stringMatching(/subscribed/) },
    ]);
  });
});

describeAuthMatrix(
  [
    { name: "list", method: "GET", handler: collection.GET, path: () => "/api/v1/segments" },
    {
      name: "create",
      method: "POST",
      handler: collection.POST,
      path: () => "/api/v1/segments",
      body: () => ({ name: "m", rules: subscribed }),
    },
    {
      name: "preview",
      method: "POST",
      scope: "read",
      handler: preview.POST,
      path: () => "/api/v1/segments/preview",
      body: () => ({ rules: subscribed }),
    },
    {
      name: "get",
      method: "GET",
      handler: item.GET,
      path: () => `/api/v1/segments/${segmentId}`,
      params: () => ({ id: segmentId }),
    },
    {
      name: "update",
      method: "PATCH",
      handler: item.PATCH,
      path: () => `/api/v1/segments/${segmentId}`,
      params: () => ({ id: segmentId }),
      body: () => ({ name: "renamed" }),
    },
    {
      name: "delete",
      method: "DELETE",
      handler: item.DELETE,
      path: () => `/api/v1/segments/${segmentId}`,
      params: () => ({ id: segmentId }),
    },
    {
      name: "contacts",
      method: "GET",
      handler: contactsRoute.GET,
      path: () => `/api/v1/segments/${segmentId}/contacts`,
      params: () => ({ id: segmentId }),
    },
  ],
  () => ws,
  () => other,
);
