// Every route file under app/api/v1, its OpenAPI path, and the methods it really implements: for the tests that hold
// the OpenAPI document and the routes to each other.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const apiRoot = path.resolve(import.meta.dirname, "../../app/api/v1");
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// Routes that are not operations of the API: the document itself and the catch-all 404.
const NOT_OPERATIONS = new Set(["/api/v1/openapi.json", "/api/v1/{path}"]);

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type ApiRoute = { path: string; method: (typeof METHODS)[number]; handler: RouteHandler };

/** An id that exists nowhere, for every path parameter. */
export const ABSENT_ID = "00000000-0000-4000-8000-000000000000";

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function apiPath(file: string) {
  const rel = path.relative(apiRoot, path.dirname(file)).split(path.sep).filter(Boolean);
  const segments = rel.map((s) => s.replace(/^\[\.\.\.(\w+)\]$/, "{$1}").replace(/^\[(\w+)\]$/, "{$1}"));
  return `/api/v1/${segments.join("/")}`.replace(/\/$/, "");
}

/** The path with every `{param}` filled, and the params object Next.js would pass. */
export function filled(routePath: string) {
  const names = [...routePath.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return {
    url: `http://sendwell.test${routePath.replace(/\{\w+\}/g, ABSENT_ID)}`,
    params: Object.fromEntries(names.map((n) => [n, ABSENT_ID])),
  };
}

/** A method is implemented when calling it without a key is refused as unauthenticated (405 stubs answer 405). */
export async function implementedRoutes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const file of routeFiles(apiRoot)) {
    const routePath = apiPath(file);
    if (NOT_OPERATIONS.has(routePath)) continue;
    const mod = (await import(file)) as Record<string, RouteHandler | undefined>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      const { url, params } = filled(routePath);
      const res = await handler(new Request(url, { method }), { params: Promise.resolve(params) });
      if (res.status !== 405) routes.push({ path: routePath, method, handler });
    }
  }
  return routes;
}
