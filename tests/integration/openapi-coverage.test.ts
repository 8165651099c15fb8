// Every method a route under app/api/v1 really implements has an OpenAPI operation, and every operation has a route.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";

const apiRoot = path.resolve(import.meta.dirname, "../../app/api/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// Routes that are not operations of the API: the document itself and the catch-all 404.
const NOT_OPERATIONS = new Set(["/api/v1/openapi.json", "/api/v1/{path}"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function apiPath(file: string) {
  const rel = path.relative(apiRoot, path.dirname(file)).split(path.sep).filter(Boolean);
  return `/api/v1/${rel.map((s) => s.replace(/^\[\.\.\.(\w+)\]$/, "{$1}").replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`.replace(
    /\/$/,
    "",
  );
}

/** A method is implemented when calling it without a key is refused as unauthenticated (405 stubs answer 405). */
async function implementedMethods(file: string, routePath: string) {
  const mod = (await import(file)) as Record<string, unknown>;
  const found: string[] = [];
  for (const method of METHODS) {
    const handler = mod[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined;
    if (!handler) continue;
    const url = `http://sendwell.test${routePath.replace(/\{\w+\}/g, "00000000-0000-4000-8000-000000000000")}`;
    const res = await handler(new Request(url, { method }), {
      params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }),
    });
    if (res.status !== 405) found.push(method.toLowerCase());
  }
  return found;
}

describe("OpenAPI document", () => {
  const doc = openApiDocument();
  const files = routeFiles(apiRoot);

  it("is OpenAPI 3.1 with the API key scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components?.securitySchemes?.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
  });

  it("has an operation for every implemented route method, and no operation without a route", async () => {
    const implemented = new Set<string>();
    for (const file of files) {
      const p = apiPath(file);
      if (NOT_OPERATIONS.has(p)) continue;
      for (const m of await implementedMethods(file, p)) implemented.add(`${m} ${p}`);
    }
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
        Object.keys(item as object)
          .filter((k) => METHODS.map((m) => m.toLowerCase()).includes(k as never))
          .map((m) => `${m} ${p}`),
      ),
    );
    expect(implemented.size).toBeGreaterThan(0);
    expect(
      [...implemented].filter((op) => !documented.has(op)),
      "routes without an OpenAPI operation",
    ).toEqual([]);
    expect(
      [...documented].filter((op) => !implemented.has(op)),
      "operations without a route",
    ).toEqual([]);
  });

  it("documents problem responses on every operation", () => {
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item as Record<string, { responses: Record<string, { content?: object }> }>)) {
        expect(op.responses["401"]?.content).toHaveProperty("application/problem+json");
      }
    }
  });
});
