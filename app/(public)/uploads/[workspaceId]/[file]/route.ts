// GET /uploads/{workspaceId}/{id}.{ext} – an uploaded image, public (emails load it with no cookie). Cached for a year:
// an upload never changes (a new image is a new id). nosniff and a CSP that allows nothing keep the bytes an image.
import { problemFromError } from "@/server/http/problem";
import { readUpload } from "@/server/services/uploads/read-upload";

export async function GET(req: Request, ctx: { params: Promise<{ workspaceId: string; file: string }> }) {
  try {
    const { body, size, contentType } = await readUpload(await ctx.params);
    return new Response(body, {
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(size),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
        // Another site may show the image, but never read it through scripts with someone's cookies.
        "Cross-Origin-Resource-Policy": "cross-origin",
      },
    });
  } catch (error) {
    const response = problemFromError(error, new URL(req.url).pathname);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  }
}
