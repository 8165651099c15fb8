// POST /api/forms/{id}/views – the embed script reports a view once per page load ({viewId}); repeats count once
import { reportFormView } from "@/server/services/public-forms/record-view";
import { publicPreflight, readPublicBody, withPublic } from "@/server/http/with-public";

export const POST = withPublic(async ({ req, params }) => {
  const { body } = await readPublicBody(req);
  await reportFormView(params.id!, body, req.headers);
  return new Response(null, { status: 204 });
});

export const OPTIONS = publicPreflight;
