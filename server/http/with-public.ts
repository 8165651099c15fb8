// The wrapper of the keyless public endpoints browsers call from any site (form config, views, submissions): CORS
// open to every origin (no credentials: nothing here reads cookies), no caching (an unpublished form is a 404 at
// once), a request id, and every thrown error as a problem response. The public twin of withApiKey.
import { readBodyText } from "@/server/http/read-body";
import { randomUUID } from "node:crypto";
import { AppError, RateLimitedError } from "@/server/errors";

export { RateLimitedError };
import { findUnstorableText } from "@/lib/unstorable-text";
import { problemFromError } from "./problem";

/** Public bodies are small (a form's fields): a tight cap keeps floods cheap. */
export const MAX_PUBLIC_BODY_BYTES = 32_000;

/** A 429 that tells the client when to come back. */
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
  // A page on another site may read these (the embed says when to try again after a 429).
  "Access-Control-Expose-Headers": "Retry-After, X-Request-Id",
};

type Context = { params: Promise<Record<string, string | string[] | undefined>> };
export type PublicInput = { req: Request; params: Record<string, string>; requestId: string };

export function withPublic(handler: (input: PublicInput) => Promise<Response>) {
  return async (req: Request, ctx: Context): Promise<Response> => {
    const requestId = randomUUID();
    let response: Response;
    try {
      const raw = await ctx.params;
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v ?? "")]));
      response = await handler({ req, params, requestId });
    } catch (error) {
      response = problemFromError(error, new URL(req.url).pathname, requestId);
      if (error instanceof RateLimitedError) response.headers.set("Retry-After", String(error.retryAfterSeconds));
    }
    for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
}

/** The CORS preflight of a public endpoint. */
export const publicPreflight = () => new Response(null, { status: 204, headers: CORS });

/**
 * A public body as a flat object: JSON from the embed script, or application/x-www-form-urlencoded from a plain HTML
 * form (the landing page without JavaScript). `kind` tells the route which answer the sender understands.
 */
export async function readPublicBody(req: Request): Promise<{ kind: "json" | "form"; body: Record<string, unknown> }> {
  const type = req.headers.get("content-type") ?? "";
  const text = await readBodyText(
    req,
    MAX_PUBLIC_BODY_BYTES,
    `Submissions are limited to ${MAX_PUBLIC_BODY_BYTES} bytes.`,
  );
  let body: unknown;
  let kind: "json" | "form" = "json";
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    kind = "form";
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      body = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
    }
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError("BAD_REQUEST", "The request body must be a JSON object.");
  const unstorable = findUnstorableText(body);
  if (unstorable.length)
    throw new AppError("VALIDATION", "The submission contains text that cannot be stored.", unstorable);
  return { kind, body: body as Record<string, unknown> };
}
