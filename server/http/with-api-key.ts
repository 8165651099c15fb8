// The one wrapper every /api/v1 route goes through: key auth, scope, rate limit, input parsing, request id,
// and the mapping of every thrown error to a problem response. Routes contain none of that.
import { randomUUID } from "node:crypto";
import { AppError, RateLimitedError } from "@/server/errors";
import { appUrl } from "@/server/config";
import { authenticateApiKey, type ApiAuth } from "@/server/services/api-keys/authenticate-api-key";
import { problemFromError, problem } from "./problem";
import { rateLimitHeaders, takeToken } from "./rate-limit";
import { ZEmptyBody } from "@/lib/schemas/common";
import { parseInput, readBody, type ParsedInput, type RouteContext, type Schemas } from "./parse-input";

export type HandlerInput<S extends Schemas> = ParsedInput<S> & { auth: ApiAuth; req: Request; requestId: string };

/**
 * What a key must hold to call the operation. Declared by each route (and stated again by its OpenAPI operation,
 * tests/integration/openapi-scope.test.ts checks they agree) rather than read from the HTTP method: a read-only
 * POST such as segment preview takes a read key.
 */
export type Scope = "read" | "write";
export type RouteSpec = Schemas & { scope: Scope };

export function withApiKey<S extends RouteSpec>(spec: S, handler: (input: HandlerInput<S>) => Promise<Response>) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const instance = new URL(req.url).pathname;
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    let response: Response;
    try {
      const auth = await authenticateApiKey(req.headers.get("x-api-key"));
      const limit = await takeToken(auth.keyId);
      Object.assign(headers, rateLimitHeaders(limit));
      if (!limit.allowed) {
        headers["Retry-After"] = String(limit.resetSeconds);
        throw new AppError("RATE_LIMITED", `Rate limit of ${limit.limit} requests per window exceeded for this key.`);
      }
      if (spec.scope === "write" && auth.scope !== "write") {
        throw new AppError(
          "FORBIDDEN",
          "This API key has read-only access; this operation needs a key with the write scope.",
        );
      }
      const input = await parseInput(spec, req, ctx);
      // An operation without a body schema takes none, or `{}`: a body that is there anyway is read and checked like
      // every other (not JSON 400, too large 413, anything but `{}` 422) instead of being ignored unread.
      if (!spec.body && req.method !== "GET" && req.method !== "HEAD") await readBody(ZEmptyBody, req);
      response = await handler({ ...input, auth, req, requestId });
    } catch (error) {
      response = problemFromError(error, instance, requestId);
      if (error instanceof RateLimitedError) headers["Retry-After"] = String(error.retryAfterSeconds);
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
}

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}

/**
 * A 201 Created: the new resource and, in `Location` (RFC 9110 §10.2.2), its URL, absolute on the configured
 * APP_URL like the document's server, so a client can fetch it without building paths. `path` is the API path.
 */
export function created(data: unknown, path: `/api/v1/${string}`): Response {
  return Response.json(data, { status: 201, headers: { Location: `${appUrl()}${path}` } });
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
      headers: { Allow: allow, "X-Request-Id": randomUUID() },
    });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, (req: Request) => Response>;
}

/** The catch-all of /api/v1: unknown paths answer a problem body (with a request id like every API response). */
export function unknownPath(): Record<Method, (req: Request) => Response> {
  const handler = (req: Request) =>
    problem(404, "There is no API endpoint at this path. See /api/v1/openapi.json.", new URL(req.url).pathname, {
      headers: { "X-Request-Id": randomUUID() },
    });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, (req: Request) => Response>;
}
