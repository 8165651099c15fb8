// GET /t/c/{linkId}/{token} – click tracking: 302 to the link recorded at send time, 404 for anything else
import { recordClick, type ClickTarget } from "@/server/services/tracking/record-hit";
import { clickDestination } from "@/server/services/tracking/click-destination";
import { findClickTarget } from "@/server/services/tracking/find-click-target";
import { linkNotFoundResponse, redirectResponse } from "@/server/http/tracking-responses";

type Context = { params: Promise<{ linkId: string; token: string }> };

export async function GET(req: Request, ctx: Context) {
  const { linkId, token } = await ctx.params;
  return answer(await recordClick(linkId, token, req.headers.get("user-agent")));
}

// HEAD: the same answer without counting a click. Link scanners probe with HEAD (Next.js would otherwise run GET).
export async function HEAD(_req: Request, ctx: Context) {
  const { linkId, token } = await ctx.params;
  return answer(await findClickTarget(linkId, token));
}

function answer(target: ClickTarget | null) {
  const destination = target && clickDestination(target);
  return destination ? redirectResponse(destination) : linkNotFoundResponse();
}
