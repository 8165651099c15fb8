// POST /u/{token}/one-click – RFC 8058 one-click unsubscribe (mail clients) and the confirmation page's form; GET → the page
import { readBodyPrefix } from "@/server/http/read-body";
import { unsubscribeByToken } from "@/server/services/tracking/unsubscribe";

const pageOf = (token: string) => `/u/${encodeURIComponent(token)}`;

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  // Mail clients post `List-Unsubscribe=One-Click`; our own page's form adds `source=page` and wants the page back.
  const form = new URLSearchParams(await readBodyPrefix(req, 1_000));
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
