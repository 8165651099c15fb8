// GET /t/c/{linkId}/{token} – click tracking: 302 to the link recorded at send time, 404 for anything else
import { recordClick } from "@/server/services/tracking/record-hit";
import { clickDestination } from "@/server/services/tracking/click-destination";
import { linkNotFoundResponse, redirectResponse } from "@/server/http/tracking-responses";

export async function GET(req: Request, ctx: { params: Promise<{ linkId: string; token: string }> }) {
  const { linkId, token } = await ctx.params;
  const target = await recordClick(linkId, token, req.headers.get("user-agent"));
  const destination = target && clickDestination(target);
  return destination ? redirectResponse(destination) : linkNotFoundResponse();
}
