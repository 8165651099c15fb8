// Every method a route under app/api/v1 really implements has an OpenAPI operation, and every operation has a route;
// each operation carries what generated clients need (a unique operationId, a tag) and states what the server
// enforces (non-empty PATCH bodies, integer pagination).
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { makeWorkspace } from "../support/fixtures";
import { filled, implementedRoutes, METHODS, type ApiRoute } from "../support/api-routes";

type Op = {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string; minProperties?: number } }> };
  responses: Record<string, { content?: object }>;
};

const doc = openApiDocument();
const operations = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
  Object.entries(item as Record<string, Op>)
    .filter(([m]) => METHODS.map((x) => x.toLowerCase()).includes(m))
    .map(([m, op]) => ({ key: `${m} ${p}`, op })),
);
const webhookOperations = Object.values(doc.webhooks ?? {}).flatMap((item) =>
  Object.values(item as Record<string, Op>),
);

function schemaOf(ref: { $ref?: string; minProperties?: number }) {
  if (!ref.$ref) return ref;
  const name = ref.$ref.split("/").pop() as string;
  return doc.components?.schemas?.[name] as { minProperties?: number };
}

let routes: ApiRoute[];
beforeAll(async () => {
  routes = await implementedRoutes();
});

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with the API key scheme and the project's licence", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components?.securitySchemes?.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
  });

  it("has an operation for every implemented route method, and no operation without a route", () => {
    const implemented = new Set(routes.map((r) => `${r.method.toLowerCase()} ${r.path}`));
    const documented = new Set(operations.map((o) => o.key));
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

  it("gives every operation and webhook event a unique camelCase operationId and a tag", () => {
    const all = [...operations.map((o) => o.op), ...webhookOperations];
    const ids = all.map((op) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of all) expect(op.tags?.length).toBe(1);
  });

  it("documents problem responses on every operation", () => {
    for (const { op } of operations) {
      expect(op.responses["401"]?.content).toHaveProperty("application/problem+json");
      expect(op.responses["429"]?.content).toHaveProperty("application/problem+json");
    }
  });

  it("lists 400, 413, 415 and 422 on every operation with a body", () => {
    const withBody = operations.filter((o) => o.op.requestBody);
    expect(withBody.length).toBeGreaterThan(0);
    for (const { key, op } of withBody) {
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(["400", "413", "415", "422"]));
    }
  });

  it("documents page and limit as bounded integers with a default", () => {
    const params = operations.flatMap((o) => o.op.parameters ?? []).filter((p) => ["page", "limit"].includes(p.name));
    expect(params.length).toBeGreaterThan(0);
    for (const p of params) {
      expect(p.schema).toMatchObject({
        type: "integer",
        minimum: expect.any(Number),
        maximum: expect.any(Number),
        default: expect.any(Number),
      });
    }
  });
});

describe("PATCH bodies", () => {
  it("are documented with minProperties: 1, and the server refuses an empty one with a 422", async () => {
    const ws = await makeWorkspace();
    const patches = routes.filter((r) => r.method === "PATCH");
    expect(patches.map((r) => r.path).sort()).toEqual(
      operations
        .filter((o) => o.key.startsWith("patch "))
        .map((o) => o.key.slice(6))
        .sort(),
    );
    for (const route of patches) {
      const op = operations.find((o) => o.key === `patch ${route.path}`)?.op;
      const schema = op?.requestBody?.content["application/json"]?.schema;
      expect(schema && schemaOf(schema).minProperties, route.path).toBe(1);
      const { url, params } = filled(route.path);
      const res = await route.handler(
        new Request(url, {
          method: "PATCH",
          headers: { "X-API-Key": ws.writeKey, "Content-Type": "application/json" },
          body: "{}",
        }),
        { params: Promise.resolve(params) },
      );
      expect(res.status, route.path).toBe(422);
    }
  });
});
