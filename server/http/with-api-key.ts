// The one wrapper every /api/v1 route goes through: key auth, scope, rate limit, input parsing, request id,
// and the mapping of every thrown error to a problem response. Routes contain none of that.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/server/errors";
import { authenticateApiKey, type ApiAuth } from "@/server/services/api-keys/authenticate-api-key";
import { problemFromError, problem } from "./problem";
import { rateLimitHeaders, takeToken } from "./rate-limit";
import { toFieldErrors } from "./validation";

const MAX_BODY_BYTES = 1_000_000;

type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Out<S, K extends keyof Schemas> = S extends Record<K, infer T extends z.ZodType> ? z.output<T> : undefined;

export type HandlerInput<S extends Schemas> = {
  auth: ApiAuth;
  req: Request;
  params: Out<S, "params">;
  query: Out<S, "query">;
  body: Out<S, "body">;
  requestId: string;
};

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function withApiKey<S extends Schemas>(schemas: S, handler: (input: HandlerInput<S>) => Promise<Response>) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const instance = new URL(req.url).pathname;
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    let response: Response;
    try {
      const auth = await authenticateApiKey(req.headers.get("x-api-key"));
      const limit = takeToken(auth.keyId);
      Object.assign(headers, rateLimitHeaders(limit));
      if (!limit.allowed) {
        headers["Retry-After"] = String(limit.resetSeconds);
        throw new AppError("RATE_LIMITED", `Rate limit of ${limit.limit} requests per window exceeded for this key.`);
      }
      if (req.method !== "GET" && req.method !== "HEAD" && auth.scope !== "write") {
        throw new AppError(
          "FORBIDDEN",
          "This API key has read-only access; this operation needs a key with the write scope.",
        );
      }
      const params = parseParams(schemas.params, await ctx.params);
      const query = parseQuery(schemas.query, new URL(req.url).searchParams);
      const body = schemas.body ? parseBody(schemas.body, await readJson(req)) : undefined;
      response = await handler({ auth, req, params, query, body, requestId } as HandlerInput<S>);
    } catch (error) {
      response = problemFromError(error, instance, requestId);
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

/** An id that cannot exist (not a UUID) is simply not found. */
function parseParams(schema: z.ZodType | undefined, raw: unknown) {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("NOT_FOUND", "No resource exists at this path.");
  return parsed.data;
}

function parseQuery(schema: z.ZodType | undefined, search: URLSearchParams) {
  if (!schema) return undefined;
  const raw: Record<string, string> = {};
  for (const [k, v] of search) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION",
      "One or more query parameters are invalid.",
      toFieldErrors(parsed.error, "#/query"),
    );
  }
  return parsed.data;
}

function parseBody(schema: z.ZodType, raw: unknown) {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", "The request body is invalid.", toFieldErrors(parsed.error));
  return parsed.data;
}

async function readJson(req: Request): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") || 0);
  if (declared > MAX_BODY_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    // A JSON body sent with curl's default form type still parses above; only bodies that are not JSON get here.
    const type = req.headers.get("content-type");
    if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the request body as JSON with Content-Type: application/json.",
      );
    }
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
}

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Problem-bodied 405 handlers for every method a route does not implement (Next's own 405 has no body):
 * `export const { PUT, DELETE } = otherMethods("GET", "POST", "PATCH");`
 */
export function otherMethods(...allowed: Method[]): Record<Method, (req: Request) => Response> {
  const allow = allowed.join(", ");
  const handler = (req: Request) =>
    problem(405, `${req.method} is not supported here. Allowed: ${allow}.`, new URL(req.url).pathname, {
      headers: { Allow: allow },
    });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, (req: Request) => Response>;
}
