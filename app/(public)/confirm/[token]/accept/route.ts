// POST /confirm/{token}/accept – the confirmation page's button: subscribes the contact, then shows the page again
import { confirmSubscription } from "@/server/forms/confirm-subscription";

const pageOf = (token: string) => `/confirm/${encodeURIComponent(token)}`;

export async function POST(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  await confirmSubscription(token);
  return new Response(null, { status: 303, headers: { Location: pageOf(token), "Cache-Control": "no-store" } });
}

// A GET never confirms (link scanners prefetch GETs): it shows the page, which asks.
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  return new Response(null, { status: 303, headers: { Location: pageOf(token) } });
}
