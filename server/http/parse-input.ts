// Request input for both route wrappers (withApiKey for /api/v1, withSession for the dashboard's routes): path
// params, query and JSON body parsed with the route's zod schemas, and every way they can be wrong as one AppError.
import { readBodyText } from "@/server/http/read-body";
import { z } from "zod";
import { AppError } from "@/server/errors";
import { findUnstorableText } from "@/lib/unstorable-text";
import { toFieldErrors } from "./validation";

export const MAX_BODY_BYTES = 1_000_000;

export type Schemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type Out<S, K extends keyof Schemas> = S extends Record<K, infer T extends z.ZodType> ? z.output<T> : undefined;
export type ParsedInput<S extends Schemas> = {
  params: Out<S, "params">;
  query: Out<S, "query">;
  body: Out<S, "body">;
};

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export async function parseInput<S extends Schemas>(schemas: S, req: Request, ctx: RouteContext) {
  const params = parseParams(schemas.params, await ctx.params);
  const query = parseQuery(schemas.query, new URL(req.url).searchParams);
  const body = schemas.body ? await readBody(schemas.body, req) : undefined;
  return { params, query, body } as ParsedInput<S>;
}

/** The request body read as JSON (within MAX_BODY_BYTES; an empty body reads as `{}`) and parsed with `schema`. */
export async function readBody<T extends z.ZodType>(schema: T, req: Request): Promise<z.output<T>> {
  return parseBody(schema, await readJson(req)) as z.output<T>;
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
  refuseUnstorableText(raw, "#/query", "One or more query parameters contain text that cannot be stored.");
  refuseMixedPaging(schema, raw);
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
  refuseUnstorableText(raw, "#", "The request body contains text that cannot be stored.");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", "The request body is invalid.", toFieldErrors(parsed.error));
  return parsed.data;
}

async function readJson(req: Request): Promise<unknown> {
  const text = await readBodyText(req, MAX_BODY_BYTES, `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);
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

/**
 * The two pagination styles do not mix: `page` (offset) with `cursor` (keyset) is a 422, never one silently winning,
 * and so is the other style's parameter on a list that has only one (a client paging contacts with `page` would
 * otherwise get the first page for ever). Read from the list's query schema, so every list follows it.
 */
function refuseMixedPaging(schema: z.ZodType, raw: Record<string, string>) {
  if (!(schema instanceof z.ZodObject)) return;
  const accepts = (name: string) => name in schema.shape;
  const given = (name: string) => raw[name] !== undefined && raw[name] !== "";
  const error = !(accepts("page") || accepts("cursor"))
    ? null // not a list
    : given("page") && !accepts("page")
      ? { pointer: "#/query/page", detail: "This list pages with cursor (the previous page's nextCursor), not page." }
      : given("cursor") && !accepts("cursor")
        ? { pointer: "#/query/cursor", detail: "This list pages with page and limit, not cursor." }
        : given("page") && given("cursor")
          ? {
              pointer: "#/query/page",
              detail: "Send page or cursor, not both: a cursor already says where it goes on.",
            }
          : null;
  if (error) throw new AppError("VALIDATION", "One or more query parameters are invalid.", [error]);
}

/** NUL characters and unpaired surrogates, anywhere in the input, before any schema or query sees them. */
function refuseUnstorableText(raw: unknown, prefix: string, message: string) {
  const found = findUnstorableText(raw, prefix);
  if (found.length) throw new AppError("VALIDATION", message, found);
}
