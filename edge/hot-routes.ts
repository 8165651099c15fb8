// The public routes the front server answers itself, by calling the exported handlers of their route modules (one
// implementation: Next.js would call the very same functions), and the cheap path matcher that finds them. A
// method the table does not answer goes to Next.js unchanged (GET of the one-click page, HEAD of a form's config,
// every OPTIONS Next.js implements itself); a method no one answers on these paths is a 405 (edge/server.ts).
import * as openPixel from "@/app/(public)/t/o/[token]/route";
import * as click from "@/app/(public)/t/c/[linkId]/[token]/route";
import * as oneClick from "@/app/(public)/u/[token]/one-click/route";
import * as formConfig from "@/app/api/forms/[id]/route";
import * as formViews from "@/app/api/forms/[id]/views/route";
import * as formSubmissions from "@/app/api/forms/[id]/submissions/route";
import * as health from "@/app/api/health/route";

type Params = Record<string, string>;
// Method syntax, so a module's handler typed with its own params ({ token: string }) fits: the matcher fills them.
type Holder = { handle(req: Request, ctx: { params: Promise<Params> }): Response | Promise<Response> };
export type RouteHandler = Holder["handle"];

export type HotRoute = {
  /** The route file's path pattern, for logs and tests. */
  pattern: string;
  /** The methods the front server answers, with the module's own handler for each. */
  handlers: Readonly<Partial<Record<string, RouteHandler>>>;
  /** Every method the path answers (the module's exports, HEAD with GET, OPTIONS as Next.js adds it): 405's Allow. */
  allow: string;
  allowed: ReadonlySet<string>;
  /** A path of this route, for its security headers (they depend on the kind of path only: computed once). */
  samplePath: string;
};

function route(pattern: string, handlers: HotRoute["handlers"], exported: string[]): HotRoute {
  const methods = new Set(exported);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  return {
    pattern,
    handlers,
    allow: order.filter((m) => methods.has(m)).join(", "),
    allowed: methods,
    samplePath: pattern.replace(/\[[^\]]+\]/g, "x"),
  };
}

const exportsOf = (module: object) =>
  Object.keys(module).filter((name) => /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(name));

export const HOT_ROUTES = {
  open: route("/t/o/[token]", { GET: openPixel.GET, HEAD: openPixel.HEAD }, exportsOf(openPixel)),
  click: route("/t/c/[linkId]/[token]", { GET: click.GET, HEAD: click.HEAD }, exportsOf(click)),
  oneClick: route("/u/[token]/one-click", { POST: oneClick.POST }, exportsOf(oneClick)),
  formConfig: route("/api/forms/[id]", { GET: formConfig.GET, OPTIONS: formConfig.OPTIONS }, exportsOf(formConfig)),
  formViews: route("/api/forms/[id]/views", { POST: formViews.POST, OPTIONS: formViews.OPTIONS }, exportsOf(formViews)),
  formSubmissions: route(
    "/api/forms/[id]/submissions",
    { POST: formSubmissions.POST, OPTIONS: formSubmissions.OPTIONS },
    exportsOf(formSubmissions),
  ),
  health: route("/api/health", { GET: health.GET }, exportsOf(health)),
} satisfies Record<string, HotRoute>;

export type HotMatch = { route: HotRoute; params: Params };

/**
 * The hot route of a request target (`/t/o/abc?x=1`) with its decoded params, or null: then Next.js answers. Any
 * target Next.js reads differently goes to it: an empty, `.` or `..` segment, a trailing slash (Next.js redirects),
 * an absolute-form target.
 */
export function matchHotRoute(target: string): HotMatch | null {
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  const parts = path.split("/");
  // parts[0] is "" for every path starting with "/"
  if (parts[0] !== "") return null;
  const first = parts[1];
  if (first === "t") {
    if (parts[2] === "o" && parts.length === 4) return one(HOT_ROUTES.open, "token", parts[3]!);
    if (parts[2] === "c" && parts.length === 5) {
      const linkId = segment(parts[3]!);
      const token = segment(parts[4]!);
      return linkId === null || token === null ? null : { route: HOT_ROUTES.click, params: { linkId, token } };
    }
    return null;
  }
  if (first === "u") {
    return parts.length === 4 && parts[3] === "one-click" ? one(HOT_ROUTES.oneClick, "token", parts[2]!) : null;
  }
  if (first === "api") {
    if (parts[2] === "forms") {
      if (parts.length === 4) return one(HOT_ROUTES.formConfig, "id", parts[3]!);
      if (parts.length === 5 && parts[4] === "views") return one(HOT_ROUTES.formViews, "id", parts[3]!);
      if (parts.length === 5 && parts[4] === "submissions") return one(HOT_ROUTES.formSubmissions, "id", parts[3]!);
      return null;
    }
    return parts[2] === "health" && parts.length === 3 ? { route: HOT_ROUTES.health, params: {} } : null;
  }
  return null;
}

function one(route: HotRoute, name: string, raw: string): HotMatch | null {
  const value = segment(raw);
  return value === null ? null : { route, params: { [name]: value } };
}

/**
 * A path segment decoded as Next.js decodes a dynamic param, or null when Next.js should see the path (it redirects
 * or normalises empty and dot segments). Percent-encoding that does not decode is passed as written: the route then
 * answers it as any malformed token or id (Next.js itself answered such paths with a bare 500).
 */
function segment(raw: string): string | null {
  if (raw === "" || raw === "." || raw === "..") return null;
  if (raw.indexOf("%") < 0) return raw;
  try {
    const decoded = decodeURIComponent(raw);
    return decoded === "" || decoded === "." || decoded === ".." ? null : decoded;
  } catch {
    return raw;
  }
}
