// POST /confirm/{token}/accept – the confirmation page's button: subscribes the contact, then shows the page again
// (or, once confirmed, the page the form names for after confirming)
import { confirmSubscription } from "@/server/services/public-forms/confirm-subscription";

const pageOf = (token: string) => `/confirm/${encodeURIComponent(token)}`;

export async function POST(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  const { redirectUrl } = await confirmSubscription(token);
  // The form's own http(s) URL, validated when the marketer saved it: nothing from the request picks the target.
  const location = redirectUrl ?? pageOf(token);
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

// A GET never confirms (link scanners prefetch GETs): it shows the page, which asks.
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  return new Response(null, { status: 303, headers: { Location: pageOf(token) } });
}
