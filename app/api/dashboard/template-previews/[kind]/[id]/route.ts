// GET /api/dashboard/template-previews/{builtIn|saved}/{id} – a template's email as HTML, for the start page's
// lazily loaded thumbnail frames
import { ZTemplatePreviewParams } from "@/lib/schemas/templates";
import { withSession } from "@/server/http/with-session";
import { renderTemplatePreview } from "@/server/services/broadcast-templates/render-template-preview";

// The frame is sandboxed by the page; the CSP sandboxes the document too, so opened directly it runs nothing either.
const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "sandbox; frame-ancestors 'self'; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
  // A saved template's content never changes (only its name does); a few minutes keeps revisits instant.
  "Cache-Control": "private, max-age=300",
};

export const GET = withSession(
  "broadcasts",
  { params: ZTemplatePreviewParams },
  async ({ workspaceId, params }) =>
    new Response(await renderTemplatePreview({ workspaceId, source: params }), { headers: HEADERS }),
);
