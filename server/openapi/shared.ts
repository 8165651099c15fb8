// What every resource's OpenAPI operations share, so each operation (server/openapi/<resource>/<verb>-<noun>.ts)
// states only what is its own: the operation's shape, the key that authenticates it, the problem responses, the
// Location header of a 201, the success answers and the state move. registerOperation turns a declaration into the
// document's path item.
import { OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZEmptyBody, ZIdParams, ZProblem } from "@/lib/schemas/common";
import type { Scope } from "@/server/http/with-api-key";

/** The document's one security scheme; every operation names it. */
export const apiKeySecurityScheme = {
  type: "apiKey",
  in: "header",
  name: "X-API-Key",
  description:
    "A workspace API key (`sw_…`), created in the dashboard under Settings → API keys. A key may carry an expiry " +
    "date chosen at creation: from that moment, like a revoked key, it answers 401 with a `detail` saying when it expired.",
} as const;

export const apiKeySecurity = [{ ApiKey: [] }];

const problemContent = { "application/problem+json": { schema: ZProblem } };

const errorResponses = {
  400: { description: "Body is not valid JSON", content: problemContent },
  401: { description: "Missing, malformed, unknown, revoked or expired API key", content: problemContent },
  403: { description: "Read-only key used for a write operation", content: problemContent },
  404: { description: "No such resource in this workspace", content: problemContent },
  405: { description: "Method not supported on this path", content: problemContent },
  409: { description: "Conflicts with the current state", content: problemContent },
  413: { description: "Request body larger than 1 MB", content: problemContent },
  415: { description: "Body is not JSON", content: problemContent },
  422: { description: "Validation failed; `errors` points at each bad field", content: problemContent },
  429: { description: "Rate limited; see Retry-After", content: problemContent },
} as const;

type ErrorStatus = keyof typeof errorResponses;

/** Every 201 names what it created (created() in with-api-key.ts). */
const LOCATION = {
  Location: {
    description: "The new resource's URL (absolute), where a GET answers it",
    required: true,
    schema: {
      type: "string" as const,
      format: "uri",
      example: "https://sendwell.example/api/v1/tags/0b8f7a5e-4c1d-4a6b-9c2e-5d3f1a7b9e01",
    },
  },
};

type Success = {
  status: number;
  description: string;
  /** `null` for an empty body (204). */
  schema: z.ZodType | null;
  mediaType?: string;
  /** An example body, for a schema whose own metadata has none (a shared component). */
  example?: unknown;
};

export type Operation = {
  method: "get" | "post" | "patch" | "delete" | "put";
  path: string;
  /** Stable camelCase name, unique in the document: generated clients name their methods after it. */
  operationId: string;
  /** The scope the route declares in withApiKey (openapi-scope.test.ts checks they agree). */
  scope: Scope;
  summary: string;
  description?: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads beyond X-API-Key (e.g. Idempotency-Key). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  success: Success;
  /** Another success status the operation can answer with the same body (an upsert's 200 beside its 201). */
  alsoSuccess?: { status: number; description: string };
  /** Statuses beyond those every operation of its shape can answer (see `impliedErrors`): 404 for an id in the
   * path, 422 for a query or a body, 403 for a write are implied and not listed. */
  errors?: ErrorStatus[];
  /** Descriptions of this operation's own error cases, replacing the generic one. */
  errorDescriptions?: Partial<Record<ErrorStatus, string>>;
};

// Success answers: the status and its body, by name.
export const ok = (description: string, schema: z.ZodType): Success => ({ status: 200, description, schema });
export const created = (description: string, schema: z.ZodType): Success => ({ status: 201, description, schema });
export const accepted = (description: string, schema: z.ZodType): Success => ({ status: 202, description, schema });
export const noContent = (description = "Deleted"): Success => ({ status: 204, description, schema: null });

/** The `{ data }` envelope most single records are answered in. */
export const dataEnvelope = (schema: z.ZodType) => z.object({ data: schema });

/**
 * A POST on `<record>/{id}/<action>` that moves the record to another state: a write without a body of its own,
 * answering the record. `conflict` describes the 409 of a move the record's status refuses; a move that accepts
 * every status (an idempotent archive) has none.
 */
export function stateMove(
  op: Pick<Operation, "path" | "operationId" | "summary" | "description" | "tag" | "success"> & { conflict?: string },
): Operation {
  const { conflict, ...rest } = op;
  return {
    method: "post",
    scope: "write",
    params: ZIdParams,
    ...rest,
    ...(conflict ? { errors: [409], errorDescriptions: { 409: conflict } } : {}),
  };
}

export const scopeLine = (scope: Scope) =>
  scope === "write" ? "**Scope**: needs a `write` key." : "**Scope**: any key (`read` or `write`).";

/** Every operation but a GET reads a body: its own schema's, or the empty one (none, or `{}`; withApiKey). */
const readsBody = (op: Operation) => op.method !== "get";

/**
 * Statuses the wrapper itself can answer for any operation of this shape (with-api-key.ts, parse-input.ts): a key
 * problem or the rate limit always; 403 for a write operation called with a read key; 404 for an id in the path
 * that does not exist; 422 for a bad query or body; 400, 413 and 415 for a body that is not JSON, too large or not
 * declared as JSON.
 */
function impliedErrors(op: Operation): ErrorStatus[] {
  return [
    401,
    429,
    ...(op.scope === "write" ? [403 as const] : []),
    ...(op.params ? [404 as const] : []),
    ...(op.query || readsBody(op) ? [422 as const] : []),
    ...(readsBody(op) ? [400 as const, 413 as const, 415 as const] : []),
  ];
}

/** The operation's own body (required), or for one without a body the optional empty one. */
function requestBody(op: Operation) {
  if (op.body) return { body: { required: true, content: { "application/json": { schema: op.body } } } };
  if (!readsBody(op)) return {};
  return {
    body: {
      required: false,
      description: "None: send no body, or `{}`. Any other body is refused (400, 413, 415 or 422).",
      content: { "application/json": { schema: ZEmptyBody } },
    },
  };
}

export function registerOperation(registry: OpenAPIRegistry, op: Operation) {
  const { schema, example } = op.success;
  const content = schema
    ? { [op.success.mediaType ?? "application/json"]: { schema, ...(example === undefined ? {} : { example }) } }
    : undefined;
  const responses: RouteConfig["responses"] = {
    [op.success.status]: {
      description: op.success.description,
      ...(op.success.status === 201 ? { headers: LOCATION } : {}),
      ...(content ? { content } : {}),
    },
  };
  if (op.alsoSuccess) {
    responses[op.alsoSuccess.status] = {
      description: op.alsoSuccess.description,
      ...(op.alsoSuccess.status === 201 ? { headers: LOCATION } : {}),
      content,
    };
  }
  const statuses = [...new Set<ErrorStatus>([...impliedErrors(op), ...(op.errors ?? [])])].sort((a, b) => a - b);
  for (const status of statuses) {
    const description = op.errorDescriptions?.[status];
    responses[status] = description ? { ...errorResponses[status], description } : errorResponses[status];
  }
  registry.registerPath({
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    "x-required-scope": op.scope,
    summary: op.summary,
    description: [op.description, scopeLine(op.scope)].filter(Boolean).join("\n\n"),
    tags: [op.tag],
    security: apiKeySecurity,
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...requestBody(op),
    },
    responses,
  });
}
