// Tags through the real route handlers and the real database.
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/tags/route";
import * as item from "@/app/api/v1/tags/[id]/route";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
});

const create = (body: unknown, key = ws.writeKey) => call(collection.POST, "POST", "/api/v1/tags", { key, body });
const byId = (method: "GET" | "PATCH" | "DELETE", id: string, opts: { key?: string; body?: unknown } = {}) =>
  call(item[method], method, `/api/v1/tags/${id}`, { key: opts.key ?? ws.writeKey, body: opts.body, params: { id } });

describe("POST /api/v1/tags", () => {
  it("creates a tag with every field of the spec and a default colour", async () => {
    const res = await create({ name: "Customers" });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: ws.id,
      name: "Customers",
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      count: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
    expect(res.headers.get("RateLimit-Limit")).toBe("600");
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts a colour and normalises it to lower case", async () => {
    const res = await create({ name: "Leads", color: "#AABBCC" });
    expect(res.body.data.color).toBe("#aabbcc");
  });

  it("refuses a name that differs only in case with a 409", async () => {
    await create({ name: "Partners" });
    const res = await create({ name: "  PARTNERS " });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 409, title: "Conflict", instance: "/api/v1/tags" });
  });

  it.each([
    [{}, "#/name"],
    [{ name: "" }, "#/name"],
    [{ name: "   " }, "#/name"],
    [{ name: "x".repeat(101) }, "#/name"],
    [{ name: 42 }, "#/name"],
    [{ name: "ok", color: "red" }, "#/color"],
    [{ name: "ok", color: "#12345" }, "#/color"],
    [{ name: "ok", extra: true }, "#"],
  ])("answers 422 with a pointer for %j", async (body, pointer) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.body.type).toBe("http://sendwell.test/docs/errors/422");
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });

  it("answers 400 for malformed JSON and 422 for a non-object body", async () => {
    const malformed = await call(collection.POST, "POST", "/api/v1/tags", {
      key: ws.writeKey,
      rawBody: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/not valid JSON/);
    const array = await create([1, 2]);
    expect(array.status).toBe(422);
  });

  it("answers 415 for a body that is not JSON at all", async () => {
    const res = await call(collection.POST, "POST", "/api/v1/tags", {
      key: ws.writeKey,
      rawBody: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
  });
});

describe("GET, PATCH, DELETE /api/v1/tags/{id}", () => {
  it("reads, updates and deletes a tag", async () => {
    const { body } = await create({ name: "Temp", color: "#000000" });
    const id = body.data.id;
    expect((await byId("GET", id)).body.data).toEqual(body.data);

    const renamed = await byId("PATCH", id, { body: { name: "Temporary" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: "Temporary", color: "#000000" });
    expect(new Date(renamed.body.data.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(body.data.updatedAt).getTime(),
    );

    const recoloured = await byId("PATCH", id, { body: { color: "#FF0000" } });
    expect(recoloured.body.data).toMatchObject({ name: "Temporary", color: "#ff0000" });

    expect((await byId("DELETE", id)).status).toBe(204);
    expect((await byId("GET", id)).status).toBe(404);
    expect((await byId("DELETE", id)).status).toBe(404);
  });

  it("refuses an empty or clashing update", async () => {
    const a = await create({ name: "Alpha" });
    await create({ name: "Beta" });
    expect((await byId("PATCH", a.body.data.id, { body: {} })).status).toBe(422);
    expect((await byId("PATCH", a.body.data.id, { body: { name: "beta" } })).status).toBe(409);
    expect((await byId("PATCH", a.body.data.id, { body: { name: "ALPHA" } })).body.data.name).toBe("ALPHA");
  });

  it("answers 404 for ids that are not UUIDs or do not exist", async () => {
    expect((await byId("GET", "not-a-uuid")).status).toBe(404);
    const missing = await byId("GET", "7a1c1c52-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Tag not found.");
  });
});

describe("GET /api/v1/tags", () => {
  it("pages newest first with total and totalPages", async () => {
    const fresh = await makeWorkspace();
    for (let i = 0; i < 5; i++) await create({ name: `Tag ${i}` }, fresh.writeKey);
    const list = (query: string) => call(collection.GET, "GET", `/api/v1/tags${query}`, { key: fresh.readKey });
    const first = await list("?limit=2");
    expect(first.body).toMatchObject({ total: 5, page: 1, limit: 2, totalPages: 3 });
    expect(first.body.data.map((t: { name: string }) => t.name)).toEqual(["Tag 4", "Tag 3"]);
    const last = await list("?limit=2&page=3");
    expect(last.body.data.map((t: { name: string }) => t.name)).toEqual(["Tag 0"]);
    const beyond = await list("?limit=2&page=4");
    expect(beyond.body).toMatchObject({ data: [], total: 5, page: 4 });
    const search = await list("?search=TAG%203");
    expect(search.body.data.map((t: { name: string }) => t.name)).toEqual(["Tag 3"]);
  });

  it.each(["?page=0", "?limit=0", "?limit=101", "?page=abc", "?limit=-5"])("answers 422 for %s", async (query) => {
    const res = await call(collection.GET, "GET", `/api/v1/tags${query}`, { key: ws.readKey });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toMatch(/^#\/query\/(page|limit)$/);
  });
});
