// GET /t/o/{token} – open-tracking pixel: always the GIF (even for a bad token), the open recorded when the token is good
import { recordOpen } from "@/server/services/tracking/record-hit";
import { pixelResponse } from "@/server/http/tracking-responses";

export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }) {
  const { token } = await ctx.params;
  // A failed write must not show a broken image in someone's inbox; it is logged and the pixel served.
  await recordOpen(token, req.headers.get("user-agent")).catch((error: unknown) =>
    console.error(JSON.stringify({ level: "error", source: "tracking", hit: "open", error: String(error) })),
  );
  return pixelResponse();
}

// HEAD: the pixel's headers, no open recorded. A HEAD shows no image to anyone: it comes from a proxy or a scanner
// checking the URL, never from a mail client displaying the email.
export function HEAD() {
  return pixelResponse();
}
