// Helpers shared by every resource's OpenAPI operations, so each operation states only what is its own.
import { OpenAPIRegistry, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { ZProblem } from "@/lib/schemas/common";

const problemContent = { "application/problem+json": { schema: ZProblem } };

const errorResponses = {
  400: { description: "Malformed JSON body", content: problemContent },
  401: { description: "Missing, malformed, unknown or revoked API key", content: problemContent },
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

export type Operation = {
  method: "get" | "post" | "patch" | "delete" | "put";
  path: string;
  summary: string;
  description?: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and schema; `null` schema for an empty body (204). */
  success: { status: number; description: string; schema: z.ZodType | null };
  errors: ErrorStatus[];
};

export function registerOperation(registry: OpenAPIRegistry, op: Operation) {
  const responses: RouteConfig["responses"] = {
    [op.success.status]: op.success.schema
      ? { description: op.success.description, content: { "application/json": { schema: op.success.schema } } }
      : { description: op.success.description },
  };
  for (const status of new Set<ErrorStatus>([401, 429, ...op.errors])) responses[status] = errorResponses[status];
  registry.registerPath({
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    security: [{ ApiKey: [] }],
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.body ? { body: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    },
    responses,
  });
}
