// An API key's scope comes from the operation: each route's withApiKey scope and its OpenAPI operation's
// x-required-scope agree, and a read key is refused exactly by the write-scope operations.
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { makeWorkspace } from "../support/fixtures";
import { filled, implementedRoutes, type ApiRoute } from "../support/api-routes";

type Op = { "x-required-scope"?: string; description?: string; responses: Record<string, unknown> };

const doc = openApiDocument();
const operationOf = (route: ApiRoute) =>
  (doc.paths?.[route.path] as Record<string, Op> | undefined)?.[route.method.toLowerCase()];

let routes: ApiRoute[];
let readKey: string;
beforeAll(async () => {
  routes = await implementedRoutes();
  readKey = (await makeWorkspace()).readKey;
});

/** Calls the route with the read key; bodies are `{}` (a write operation must refuse before reading it). */
async function callWithReadKey(route: ApiRoute) {
  const { url, params } = filled(route.path);
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  const res = await route.handler(
    new Request(url, {
      method: route.method,
      headers: { "X-API-Key": readKey, ...(hasBody ? { "Content-Type": "application/json" } : {}) },
      ...(hasBody ? { body: "{}" } : {}),
    }),
    { params: Promise.resolve(params) },
  );
  const type = res.headers.get("content-type") ?? "";
  const body = type.includes("json") ? ((await res.json()) as { detail?: string }) : undefined;
  return { status: res.status, body };
}

describe("API key scope", () => {
  it("is stated by every operation, as x-required-scope, in its description and as its 403", () => {
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const op = operationOf(route);
      const where = `${route.method} ${route.path}`;
      expect(op?.["x-required-scope"], where).toMatch(/^(read|write)$/);
      expect(op?.description, where).toMatch(/\*\*Scope\*\*/);
      expect("403" in (op?.responses ?? {}), where).toBe(op?.["x-required-scope"] === "write");
    }
  });

  it("matches what the route enforces: a read key gets 403 from write operations and never from read ones", async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const documented = operationOf(route)?.["x-required-scope"];
      const res = await callWithReadKey(route);
      const refused = res.status === 403;
      if (refused) expect(res.body?.detail).toMatch(/read-only/);
      if (refused !== (documented === "write")) {
        mismatches.push(`${route.method} ${route.path}: documented ${documented}, answered ${res.status}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("lets a read key preview a segment (a POST that changes nothing)", async () => {
    const route = routes.find((r) => r.path === "/api/v1/segments/preview" && r.method === "POST");
    expect(route).toBeDefined();
    expect(operationOf(route as ApiRoute)?.["x-required-scope"]).toBe("read");
    const res = await callWithReadKey(route as ApiRoute);
    expect(res.status).toBe(422); // reaches validation: `{}` has no rules
  });
});
