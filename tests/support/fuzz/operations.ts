// The operations of the served OpenAPI document, each with the route handler that implements it (the same mapping of
// `{param}` to `[param]` folders that openapi-coverage.test.ts checks), so the fuzz test lists no operation itself.
import path from "node:path";
import { openApiDocument } from "@/server/openapi/document";
import type { JsonSchema } from "./schema-arbitrary";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

export type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type ResponseObject = { content?: Record<string, { schema?: JsonSchema }> };
type OperationObject = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, ResponseObject>;
};

export type Operation = {
  /** `GET /api/v1/tags/{id}`: how failures name the operation. */
  name: string;
  method: string;
  template: string;
  pathParams: string[];
  queryParams: Parameter[];
  body?: JsonSchema;
  responses: Record<string, ResponseObject>;
  handler: Handler;
};

const METHODS = ["get", "post", "put", "patch", "delete"];
const apiRoot = path.resolve(import.meta.dirname, "../../../app/api/v1");

export type Document = ReturnType<typeof openApiDocument>;

export async function loadOperations(doc: Document): Promise<Operation[]> {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const dir = template
      .replace(/^\/api\/v1\/?/, "")
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/^\{(\w+)\}$/, "[$1]"));
    const mod = (await import(path.join(apiRoot, ...dir, "route.ts"))) as Record<string, Handler | undefined>;
    for (const [method, raw] of Object.entries(item as Record<string, unknown>)) {
      if (!METHODS.includes(method)) continue;
      const op = raw as OperationObject;
      const handler = mod[method.toUpperCase()];
      if (!handler) throw new Error(`${method.toUpperCase()} ${template} is documented but its route has no handler`);
      const params = op.parameters ?? [];
      ops.push({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        queryParams: params.filter((p) => p.in === "query"),
        body: op.requestBody?.content?.["application/json"]?.schema,
        responses: op.responses,
        handler,
      });
    }
  }
  return ops;
}

/** The collection a path parameter names an id of: the segment before it (`/webhooks/{id}/deliveries/{deliveryId}`). */
export function collectionOf(template: string, param: string): string {
  const segments = template.split("/");
  const at = segments.indexOf(`{${param}}`);
  return segments[at - 1] ?? param;
}

/**
 * Run order: creations first (so later operations see more records), then reads, then other writes, then deletions
 * deepest first (`DELETE /contacts/{id}/tags/{tagId}` before `DELETE /tags/{id}`), so the seeded records stay in
 * place for every operation that is not itself a deletion.
 */
export function runOrder(ops: Operation[]): Operation[] {
  const rank = (op: Operation) => {
    if (op.method === "DELETE") return 3;
    if (op.method === "POST" && op.pathParams.length === 0) return 0;
    return op.method === "GET" ? 1 : 2;
  };
  return [...ops].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 3 ? b.pathParams.length - a.pathParams.length : 0) ||
      a.name.localeCompare(b.name),
  );
}
