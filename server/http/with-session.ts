// The wrapper of the dashboard's route handlers (uploads and downloads do not fit server actions): the next-auth
// session cookie, the current workspace the user belongs to, an Origin check on state-changing requests (CSRF),
// zod parsing, and every thrown error as one problem response. Reads the session JWT from the request itself, so
// it needs no Next request context and integration tests call routes with a real cookie.
import { decode } from "next-auth/jwt";
import { AppError } from "@/server/errors";
import { problemFromError } from "./problem";
import { parseInput, type ParsedInput, type RouteContext, type Schemas } from "./parse-input";
import { listMemberships } from "@/server/services/workspaces/list-memberships";
import { currentWorkspace, WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";

export type SessionInput<S extends Schemas> = ParsedInput<S> & { userId: string; workspaceId: string; req: Request };

export function withSession<S extends Schemas>(schemas: S, handler: (input: SessionInput<S>) => Promise<Response>) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const url = new URL(req.url);
    try {
      if (req.method !== "GET" && req.method !== "HEAD") checkOrigin(req, url);
      const cookies = parseCookies(req.headers.get("cookie"));
      const userId = await sessionUserId(cookies);
      if (!userId) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      const workspaces = await listMemberships(userId);
      const workspace = currentWorkspace(workspaces, cookies.get(WORKSPACE_COOKIE));
      if (!workspace) throw new AppError("FORBIDDEN", "You are not a member of any workspace.");
      const input = await parseInput(schemas, req, ctx);
      return await handler({ ...input, userId, workspaceId: workspace.id, req });
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
    if (eq > 0) map.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return map;
}

/** next-auth's session cookie (split into .0, .1… when large), decrypted with NEXTAUTH_SECRET; null if absent or bad. */
async function sessionUserId(cookies: Map<string, string>): Promise<string | null> {
  const secure = process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
  const name = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  const chunks = [...cookies.keys()]
    .filter((k) => k.startsWith(`${name}.`))
    .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
  const token = cookies.get(name) ?? (chunks.length ? chunks.map((k) => cookies.get(k)).join("") : undefined);
  const secret = process.env.NEXTAUTH_SECRET;
  if (!token || !secret) return null;
  try {
    const payload = await decode({ token, secret });
    return typeof payload?.uid === "string" ? payload.uid : null;
  } catch {
    return null; // expired, tampered with, or made with another secret
  }
}
