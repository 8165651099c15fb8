// Helpers shared by every resource's OpenAPI operations, so each operation states only what is its own.
import { OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { ZEmptyBody, ZProblem } from "@/lib/schemas/common";
import type { Scope } from "@/server/http/with-api-key";

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
  /** Success status and schema; `null` schema for an empty body (204). */
  success: {
    status: number;
    description: string;
    schema: z.ZodType | null;
    mediaType?: string;
    /** An example body, for a schema whose own metadata has none (a shared component). */
    example?: unknown;
  };
  /** Another success status the operation can answer with the same body (an upsert's 200 beside its 201). */
  alsoSuccess?: { status: number; description: string };
  /** Statuses beyond those every operation of its kind can answer (see `impliedErrors`). */
  errors: ErrorStatus[];
  /** Descriptions of this operation's own error cases, replacing the generic one. */
  errorDescriptions?: Partial<Record<ErrorStatus, string>>;
};

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
  const statuses = [...new Set<ErrorStatus>([...impliedErrors(op), ...op.errors])].sort((a, b) => a - b);
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
    security: [{ ApiKey: [] }],
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...requestBody(op),
    },
    responses,
  });
}
