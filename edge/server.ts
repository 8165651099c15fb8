// The front server: a node:http server that owns the port. For every request it resolves the one client address
// (edge/client-address.ts) and removes every forwarding header the client sent; it answers the hot public routes
// itself through their route modules (edge/hot-routes.ts) and hands everything else to Next.js unchanged. Every
// answer, its own and Next's, carries the security headers (edge/security-headers.ts), the answer's own values first.
import http, { ServerResponse, type IncomingMessage } from "node:http";
import { CLIENT_ADDRESS_HEADER, markFrontServer } from "@/server/auth/client-address";
import { problem } from "@/server/http/problem";
import { resolveClientAddress, type ProxyTrust } from "./client-address";
import { HOT_ROUTES, matchHotRoute, type HotMatch, type HotRoute } from "./hot-routes";
import { securityHeaders, type HeaderList } from "./security-headers";
import { sendWebResponse, toWebRequest } from "./web-adapter";

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export type Timeouts = {
  /** Longest wait for a request's headers (slow-header clients). */
  headersMs: number;
  /** Longest wait for a whole request, body included (uploads are the longest). */
  requestMs: number;
  /** How long an idle keep-alive connection stays open: longer than a load balancer's idle timeout. */
  keepAliveMs: number;
  /** Longest wait for the body of a public request the front server answers (a few KB at most). */
  publicBodyMs: number;
};

export type FrontServerOptions = {
  next: NextHandler;
  trust: ProxyTrust;
  /** The public URL (APP_URL): the origin of the Web Requests handed to route modules, and whether HSTS applies. */
  appUrl: string;
  timeouts: Timeouts;
};

/**
 * A response that adds the security headers it was given when its head is written, to whatever the answer set
 * itself: whoever writes the answer (a route module through the adapter, Next.js, Node's own error answers), a
 * header of the same name set by the answer wins.
 */
export class FrontResponse extends ServerResponse {
  securityDefaults: HeaderList | null = null;

  override writeHead(...args: unknown[]): this {
    const defaults = this.securityDefaults;
    if (defaults !== null) {
      this.securityDefaults = null;
      for (const [name, value] of defaults) if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    return Reflect.apply(ServerResponse.prototype.writeHead, this, args);
  }
}

// Forwarding headers a client may write: none of them reaches Next.js or a route as the client wrote it.
const FORWARDING = ["x-forwarded-for", "forwarded", "x-real-ip", "x-sendwell-peer", CLIENT_ADDRESS_HEADER] as const;

export type FrontServer = http.Server<typeof IncomingMessage, typeof FrontResponse>;

export function createFrontServer({ next, trust, appUrl, timeouts }: FrontServerOptions): FrontServer {
  markFrontServer();
  const origin = new URL(appUrl).origin;
  const hotSecurity = new Map<HotRoute, HeaderList>(
    Object.values(HOT_ROUTES).map((route) => [route, securityHeaders(route.samplePath, appUrl)]),
  );

  function toNext(req: IncomingMessage, res: FrontResponse): Promise<void> {
    const url = req.url!;
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    res.securityDefaults = securityHeaders(path, appUrl);
    if (path.indexOf("%") >= 0 && !decodes(path)) return sendWebResponse(req, res, badPath(path));
    return next(req, res);
  }

  async function answerHot(req: IncomingMessage, res: FrontResponse, { route, params }: HotMatch): Promise<void> {
    const handler = route.handlers[req.method!];
    if (!handler) {
      // A method the module answers but the front server does not take over (GET of the one-click page, OPTIONS of
      // the tracking routes, HEAD of a form's config): Next.js answers, as before.
      if (route.allowed.has(req.method!)) return toNext(req, res);
      res.securityDefaults = hotSecurity.get(route)!;
      return sendWebResponse(req, res, methodNotAllowed(req, route));
    }
    let request: Request;
    try {
      request = toWebRequest(req, origin, req.method === "POST" ? timeouts.publicBodyMs : null);
    } catch {
      // A target or header a Web Request refuses although Node accepted it: Next.js answers it as it always has.
      return toNext(req, res);
    }
    res.securityDefaults = hotSecurity.get(route)!;
    let response: Response;
    try {
      response = await handler(request, { params: Promise.resolve(params) });
    } catch (error) {
      // What Next.js does when a route handler throws: log it, answer an empty 500.
      console.error(JSON.stringify({ level: "error", source: "edge", route: route.pattern, error: String(error) }));
      response = new Response(null, { status: 500 });
    }
    return sendWebResponse(req, res, response);
  }

  const server = http.createServer(
    { ServerResponse: FrontResponse, connectionsCheckingInterval: 1_000 },
    (req: IncomingMessage, res: FrontResponse) => {
      const headers = req.headers;
      const address = resolveClientAddress(
        trust,
        req.socket.remoteAddress,
        joined(headers["x-forwarded-for"]),
        joined(headers.forwarded),
        headers["x-real-ip"] !== undefined,
      );
      for (const name of FORWARDING) if (headers[name] !== undefined) delete headers[name];
      if (address !== null) headers[CLIENT_ADDRESS_HEADER] = address;
      const match = req.url!.startsWith("/") ? matchHotRoute(req.url!) : null;
      const refused = match === null ? refusal(req) : null;
      if (refused !== null) {
        res.securityDefaults = securityHeaders("/", appUrl);
        return void sendWebResponse(req, res, refused).catch((error: unknown) => failed(res, error));
      }
      (match === null ? toNext(req, res) : answerHot(req, res, match)).catch((error: unknown) => failed(res, error));
    },
  );
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}

// What Next.js's route handlers can answer; anything else (TRACE, PROPFIND, …) made it throw a 500.
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const METHOD_LIST = [...METHODS].join(", ");

/**
 * Requests Next.js could not mean, answered before it sees them: a target that is not a path (the absolute form
 * `GET http://elsewhere/…` it would redirect to that host, or `*`), and a method no route of it has (the hot routes
 * answer their own 405s).
 */
function refusal(req: IncomingMessage): Response | null {
  const url = req.url!;
  if (!url.startsWith("/"))
    return problem(400, "The request target must be a path beginning with /.", "/", {
      headers: { "Cache-Control": "no-store" },
    });
  if (!METHODS.has(req.method!))
    return problem(405, `${req.method} is not allowed here. Allowed: ${METHOD_LIST}.`, url.split("?")[0]!, {
      headers: { Allow: METHOD_LIST, "Cache-Control": "no-store" },
    });
  return null;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A path whose percent-encoding does not decode: Next.js answers it with a bare 500; it is the client's mistake. */
function badPath(path: string): Response {
  return problem(400, "The request path is not valid percent-encoded UTF-8.", path, {
    headers: { "Cache-Control": "no-store" },
  });
}

/** No module on this path answers the method: a problem body naming those that do (Next.js's own 405 is empty). */
function methodNotAllowed(req: IncomingMessage, route: HotRoute): Response {
  const instance = req.url!.split("?")[0]!;
  return problem(405, `${req.method} is not allowed here. Allowed: ${route.allow}.`, instance, {
    headers: { Allow: route.allow, "Cache-Control": "no-store" },
  });
}

/** Node joins repeated headers into one value (only set-cookie stays a list); typed as either. */
const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** Last resort: an answer that could not be written (Next.js and the adapter handle their own failures). */
function failed(res: ServerResponse, error: unknown) {
  console.error(JSON.stringify({ level: "error", source: "edge", error: String(error) }));
  if (!res.headersSent) {
    res.statusCode = 500;
    res.end();
  } else res.destroy();
}
