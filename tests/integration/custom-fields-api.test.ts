// Custom fields through the real route handlers and the real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/custom-fields/route";
import * as item from "@/app/api/v1/custom-fields/[id]/route";
import * as contacts from "@/app/api/v1/contacts/route";
import * as contact from "@/app/api/v1/contacts/[id]/route";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

const create = (body: unknown, w = ws) =>
  call(collection.POST, "POST", "/api/v1/custom-fields", { key: w.writeKey, body });
const byId = (method: "GET" | "PATCH" | "DELETE", id: string, body?: unknown) =>
  call(item[method], method, `/api/v1/custom-fields/${id}`, { key: ws.writeKey, body, params: { id } });
const makeContact = async (fields: Record<string, unknown>, email = `c${Math.random()}@example.com`) =>
  (await call(contacts.POST, "POST", "/api/v1/contacts", { key: ws.writeKey, body: { email, fields } })).body.data;
const readContact = async (id: string) =>
  (await call(contact.GET, "GET", `/api/v1/contacts/${id}`, { key: ws.readKey, params: { id } })).body.data;
const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer);

beforeAll(async () => {
  ws = await makeWorkspace();
});

describe("POST /api/v1/custom-fields", () => {
  it("creates fields of every type", async () => {
    const res = await create({ key: "plan", label: "Plan", type: "select", options: ["Free", "Pro"] });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: ws.id,
      key: "plan",
      label: "Plan",
      type: "select",
      options: ["Free", "Pro"],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    for (const type of ["text", "number", "date", "boolean"]) {
      expect((await create({ key: `f_${type}`, label: type, type })).body.data).toMatchObject({ type, options: [] });
    }
  });

  it("answers 409 for a key already used in the workspace, but not in another one", async () => {
    await create({ key: "city", label: "City", type: "text" });
    const again = await create({ key: "city", label: "Town", type: "text" });
    expect(again.status).toBe(409);
    expect(pointers(again.body)).toEqual(["#/key"]);
    expect((await create({ key: "city", label: "City", type: "text" }, await makeWorkspace())).status).toBe(201);
  });

  it.each([
    [{ label: "x", type: "text" }, "#/key"],
    [{ key: "Bad", label: "x", type: "text" }, "#/key"],
    [{ key: "1st", label: "x", type: "text" }, "#/key"],
    [{ key: "with-dash", label: "x", type: "text" }, "#/key"],
    [{ key: `a${"b".repeat(50)}`, label: "x", type: "text" }, "#/key"],
    [{ key: "email", label: "x", type: "text" }, "#/key"],
    [{ key: "ok", label: "", type: "text" }, "#/label"],
    [{ key: "ok", label: "x".repeat(101), type: "text" }, "#/label"],
    [{ key: "ok", label: "x", type: "color" }, "#/type"],
    [{ key: "ok", label: "x", type: "select" }, "#/options"],
    [{ key: "ok", label: "x", type: "select", options: [] }, "#/options"],
    [{ key: "ok", label: "x", type: "select", options: ["a", "A"] }, "#/options"],
    [{ key: "ok", label: "x", type: "select", options: [""] }, "#/options/0"],
    [{ key: "ok", label: "x", type: "text", options: ["a"] }, "#/options"],
    [{ key: "ok", label: "x", type: "text", extra: 1 }, "#"],
  ])("answers 422 for %j at %s", async (body, pointer) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
  });
});

describe("GET, PATCH, DELETE /api/v1/custom-fields/{id}", () => {
  it("lists oldest first with offset pagination", async () => {
    const w = await makeWorkspace();
    for (const key of ["a", "b", "c"]) await create({ key, label: key.toUpperCase(), type: "text" }, w);
    const page = await call(collection.GET, "GET", "/api/v1/custom-fields?limit=2&page=2", { key: w.readKey });
    expect(page.body).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page.body.data.map((f: { key: string }) => f.key)).toEqual(["c"]);
    const bad = await call(collection.GET, "GET", "/api/v1/custom-fields?page=0", { key: w.readKey });
    expect(pointers(bad.body)).toEqual(["#/query/page"]);
  });

  it("relabels, refuses key changes, and changes type only while no contact holds a value", async () => {
    const id = (await create({ key: "score", label: "Score", type: "text" })).body.data.id;
    expect((await byId("PATCH", id, { label: "Points" })).body.data).toMatchObject({ key: "score", label: "Points" });
    const keyChange = await byId("PATCH", id, { key: "points" });
    expect(keyChange.status).toBe(422);
    expect(pointers(keyChange.body)).toEqual(["#/key"]);
    expect((await byId("PATCH", id, {})).status).toBe(422);
    expect((await byId("PATCH", id, { type: "number" })).body.data.type).toBe("number");
    expect(pointers((await byId("PATCH", id, { type: "select" })).body)).toEqual(["#/options"]);
    expect(pointers((await byId("PATCH", id, { options: ["a"] })).body)).toEqual(["#/options"]);
    await makeContact({ score: 5 });
    const retype = await byId("PATCH", id, { type: "text" });
    expect(retype.status).toBe(422);
    expect(pointers(retype.body)).toEqual(["#/type"]);
    expect((await byId("GET", id)).body.data.type).toBe("number");
  });

  it("replaces select options unless that drops a value contacts hold", async () => {
    const id = (await create({ key: "tier", label: "Tier", type: "select", options: ["Gold", "Silver"] })).body.data.id;
    await makeContact({ tier: "gold" });
    const drop = await byId("PATCH", id, { options: ["Silver", "Bronze"] });
    expect(drop.status).toBe(422);
    expect(drop.body.errors[0]).toEqual({ pointer: "#/options", detail: expect.stringContaining('"Gold"') });
    const extend = await byId("PATCH", id, { options: ["Gold", "Silver", "Bronze"] });
    expect(extend.body.data.options).toEqual(["Gold", "Silver", "Bronze"]);
    const toText = await byId("PATCH", id, { type: "text" });
    expect(toText.status).toBe(422);
  });

  it("deletes a field and removes its values from every contact", async () => {
    const id = (await create({ key: "nickname", label: "Nickname", type: "text" })).body.data.id;
    await create({ key: "kept", label: "Kept", type: "text" });
    const c = await makeContact({ nickname: "Nick", kept: "yes" });
    expect((await byId("DELETE", id)).status).toBe(204);
    expect((await byId("GET", id)).status).toBe(404);
    expect((await byId("DELETE", id)).status).toBe(404);
    expect((await readContact(c.id)).fields).toEqual({ kept: "yes" });
    const stale = await call(contacts.POST, "POST", "/api/v1/contacts", {
      key: ws.writeKey,
      body: { email: "stale@example.com", fields: { nickname: "x" } },
    });
    expect(pointers(stale.body)).toEqual(["#/fields/nickname"]);
    expect((await create({ key: "nickname", label: "Again", type: "number" })).status).toBe(201);
  });

  it("answers 404 for unknown ids", async () => {
    expect((await byId("GET", "7a1c1c52-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await byId("PATCH", "7a1c1c52-0000-4000-8000-000000000000", { label: "x" })).status).toBe(404);
    expect((await byId("GET", "nope")).status).toBe(404);
  });
});
