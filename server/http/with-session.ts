// The wrapper of the dashboard's route handlers (uploads and downloads do not fit server actions): the next-auth
// session cookie, the current workspace the user belongs to, an Origin check on state-changing requests (CSRF),
// zod parsing, and every thrown error as one problem response. Reads the session cookie from the request itself, so
// it needs no Next request context and integration tests call routes with a real cookie.
import { AppError } from "@/server/errors";
import { dashboardSession } from "@/server/auth/dashboard-session";
import { can, forbiddenMessage, type Area } from "@/lib/permissions";
import { problemFromError } from "./problem";
import { parseInput, type ParsedInput, type RouteContext, type Schemas } from "./parse-input";

export type SessionInput<S extends Schemas> = ParsedInput<S> & {
  userId: string;
  sessionId: string;
  workspaceId: string;
  req: Request;
};

/** `area`: what the route belongs to; a role that does not reach it gets a 403 (lib/permissions). */
export function withSession<S extends Schemas>(
  area: Area,
  schemas: S,
  handler: (input: SessionInput<S>) => Promise<Response>,
) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const url = new URL(req.url);
    try {
      if (req.method !== "GET" && req.method !== "HEAD") checkOrigin(req, url);
      const session = await dashboardSession(parseCookies(req.headers.get("cookie")));
      if (!session) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      if (!session.workspace) throw new AppError("FORBIDDEN", "You are not a member of any workspace.");
      if (!can(session.workspace.role, area)) throw new AppError("FORBIDDEN", forbiddenMessage(area));
      const input = await parseInput(schemas, req, ctx);
      const { userId, sessionId, workspace } = session;
      return await handler({ ...input, userId, sessionId, workspaceId: workspace.id, req });
    } catch (error) {
      return problemFromError(error, url.pathname);
    }
  };
}

/** Browsers send Origin on every cross-site POST; it must name this very host (behind a proxy: X-Forwarded-Host). */
function checkOrigin(req: Request, url: URL) {
  const origin = req.headers.get("origin");
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (originHost !== host) throw new AppError("FORBIDDEN", "Cross-site request refused: the Origin does not match.");
}

function parseCookies(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    if (eq > 0) map.set(part.slice(0, eq).trim(), decodeCookieValue(part.slice(eq + 1).trim()));
  }
  return map;
}

/** A malformed %-escape in someone else's cookie must not turn every dashboard request into a 500. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
