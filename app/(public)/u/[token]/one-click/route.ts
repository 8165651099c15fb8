// POST /u/{token}/one-click – RFC 8058 one-click unsubscribe (mail clients) and the confirmation page's form; GET → the page
import { readBodyPrefix } from "@/server/http/read-body";
import { problemFromError } from "@/server/http/problem";
import { unsubscribeByToken } from "@/server/services/tracking/unsubscribe";

const pageOf = (token: string) => `/u/${encodeURIComponent(token)}`;

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  // Mail clients post `List-Unsubscribe=One-Click`; our own page's form adds `source=page` and wants the page back.
  let body: string;
  try {
    body = await readBodyPrefix(req, 1_000);
  } catch (error) {
    // A body that stopped or came too slowly (the front server's body timeout): the client's problem, a 400.
    return problemFromError(error, new URL(req.url).pathname);
  }
  const form = new URLSearchParams(body);
  const fromPage = form.get("source") === "page";
  const result = await unsubscribeByToken(token);
  if (fromPage) return new Response(null, { status: 303, headers: { Location: pageOf(token) } });
  return new Response(result ? "You are unsubscribed.\n" : "Unknown unsubscribe link.\n", {
    status: result ? 200 : 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// A GET never unsubscribes (link scanners prefetch GETs): it shows the page, which asks.
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  return new Response(null, { status: 303, headers: { Location: pageOf(token) } });
}
