// The two pagination styles never mix, on every list of the document: `page` with `cursor` is a 422 pointing at the
// parameter (the broadcasts list takes both styles, one at a time), and so is the other style's parameter on a list
// that has one style only; its own style alone is accepted. Lists are read from the document, so new ones join.
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { filled, implementedRoutes, type ApiRoute } from "../support/api-routes";
import { call, makeWorkspace } from "../support/fixtures";

type Op = { parameters?: { name: string; in: string }[] };

const doc = openApiDocument();
const lists = Object.entries(doc.paths ?? {}).flatMap(([path, item]) => {
  const names = ((item as Record<string, Op>).get?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const page = names.includes("page");
  const cursor = names.includes("cursor");
  return page || cursor ? [{ path, page, cursor }] : [];
});

let routes: ApiRoute[];
let key: string;
beforeAll(async () => {
  routes = await implementedRoutes();
  key = (await makeWorkspace()).readKey;
});

async function list(path: string, query: string) {
  const route = routes.find((r) => r.method === "GET" && r.path === path)!;
  const { url, params } = filled(path);
  const res = await call(route.handler, "GET", `${new URL(url).pathname}?${query}`, { key, params });
  return { status: res.status, pointers: (res.body?.errors ?? []).map((e: { pointer: string }) => e.pointer) };
}

describe("pagination parameters", () => {
  it("are found on the lists of both styles", () => {
    const paths = lists.map((l) => l.path);
    expect(paths).toEqual(expect.arrayContaining(["/api/v1/broadcasts", "/api/v1/contacts", "/api/v1/tags"]));
    expect(lists.find((l) => l.path === "/api/v1/broadcasts")).toMatchObject({ page: true, cursor: true });
  });

  it.each(lists.map((l) => [l.path, l] as const))("%s: page with cursor is a 422 at the parameter", async (path, l) => {
    const both = await list(path, "page=2&cursor=abc");
    expect(both.status).toBe(422);
    // At the parameter this list does not take, or at page where it takes both.
    expect(both.pointers).toEqual([l.page && !l.cursor ? "#/query/cursor" : "#/query/page"]);
  });

  it.each(lists.map((l) => [l.path, l] as const))(
    "%s: the other style alone is a 422, its own is accepted",
    async (path, l) => {
      if (!l.cursor) expect(await list(path, "cursor=abc")).toEqual({ status: 422, pointers: ["#/query/cursor"] });
      if (!l.page) expect(await list(path, "page=2")).toEqual({ status: 422, pointers: ["#/query/page"] });
      const own = await list(path, l.page ? "page=1&limit=5" : "limit=5");
      expect([200, 404]).toContain(own.status);
    },
  );
});
