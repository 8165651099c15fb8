// Operations without a body of their own (duplicate, send, cancel, publish, archive, rotate-secret, redeliver, every
// DELETE…) read what is sent anyway, once, in withApiKey: a body that is there must be JSON (400), within the size
// limit (413), declared as JSON when it is not (415), and `{}` (422 otherwise), as on every other operation; none at
// all, `{}` or whitespace changes nothing. Table-driven over every route, so a new operation joins by existing.
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { MAX_BODY_BYTES } from "@/server/http/parse-input";
import { filled, implementedRoutes, type ApiRoute } from "../support/api-routes";
import { makeWorkspace } from "../support/fixtures";

type Op = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { $ref?: string } }> };
  responses: Record<string, unknown>;
};

const doc = openApiDocument();
const operationOf = (route: ApiRoute) =>
  (doc.paths?.[route.path] as Record<string, Op> | undefined)?.[route.method.toLowerCase()];
/** Documented without a body of its own: none at all, or the shared empty one. */
const bodyless = (route: ApiRoute) => {
  const schema = operationOf(route)?.requestBody?.content?.["application/json"]?.schema;
  return route.method !== "GET" && (!schema || schema.$ref === "#/components/schemas/EmptyBody");
};

let routes: ApiRoute[];
let key: string;
beforeAll(async () => {
  routes = (await implementedRoutes()).filter(bodyless);
  key = (await makeWorkspace()).writeKey;
});

async function send(route: ApiRoute, body?: string, contentType = "application/json") {
  const { url, params } = filled(route.path);
  const res = await route.handler(
    new Request(url, {
      method: route.method,
      headers: { "X-API-Key": key, ...(body === undefined ? {} : { "Content-Type": contentType }) },
      ...(body === undefined ? {} : { body }),
    }),
    { params: Promise.resolve(params) },
  );
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), body: text ? JSON.parse(text) : null };
}

const junk = "x".repeat(2 * 1024 * 1024);

describe("operations without a body", () => {
  it("are the ones expected, each documented with the optional empty body and its refusals", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const name of [
      "POST /api/v1/broadcasts/{id}/duplicate",
      "POST /api/v1/broadcasts/{id}/send",
      "POST /api/v1/forms/{id}/archive",
      "POST /api/v1/webhooks/{id}/rotate-secret",
      "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver",
      "DELETE /api/v1/tags/{id}",
    ]) {
      expect(names).toContain(name);
    }
    for (const route of routes) {
      const op = operationOf(route)!;
      const where = `${route.method} ${route.path}`;
      expect(op.requestBody, where).toMatchObject({
        required: false,
        content: { "application/json": { schema: { $ref: "#/components/schemas/EmptyBody" } } },
      });
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(["400", "413", "415", "422"]));
    }
  });

  it.each([
    ["malformed JSON", "{", 400, undefined],
    ["2 MB of junk", junk, 413, "text/plain"],
    ["a body just over the limit", JSON.stringify("y".repeat(MAX_BODY_BYTES)), 413, undefined],
    ["text that is not JSON, declared as text", "a=1&b=2", 415, "application/x-www-form-urlencoded"],
    ["an array", "[]", 422, undefined],
    ["a string", '"send"', 422, undefined],
    ["a number", "1", 422, undefined],
    ["null", "null", 422, undefined],
    ["an object with a member", '{"scheduledAt":"2030-01-01T09:00:00Z"}', 422, undefined],
  ])("refuse %s as every operation does", async (_, body, status, contentType) => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await send(route, body, contentType);
      const where = `${route.method} ${route.path}`;
      if (res.status !== status) wrong.push(`${where} answered ${res.status}`);
      else if (res.type !== "application/problem+json") wrong.push(`${where} answered ${res.type}`);
      else if (status === 422 && res.body.errors?.[0]?.pointer !== "#") {
        wrong.push(`${where}: ${JSON.stringify(res.body.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("take none, `{}` or whitespace alike: the answer is the one without a body", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const expected = (await send(route)).status;
      for (const body of ["", "{}", " \n", "{ }"]) {
        const res = await send(route, body);
        if (res.status !== expected) {
          wrong.push(`${route.method} ${route.path} with ${JSON.stringify(body)}: ${res.status}, not ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
