// POST /api/forms/{id}/views – the embed script reports a view once per page load ({viewId}); repeats count once
import { AppError } from "@/server/errors";
import { formNotFound } from "@/server/forms/public-form";
import { recordFormView } from "@/server/forms/record-view";
import { publicPreflight, readPublicBody, withPublic } from "@/server/http/with-public";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const POST = withPublic(async ({ req, params }) => {
  const { body } = await readPublicBody(req);
  const viewId = typeof body.viewId === "string" && UUID.test(body.viewId) ? body.viewId.toLowerCase() : null;
  if (!UUID.test(params.id!)) throw formNotFound();
  if (!viewId)
    throw new AppError("VALIDATION", 'Send {"viewId": "<uuid>"}.', [
      { pointer: "#/viewId", detail: "Must be a UUID." },
    ]);
  if (!(await recordFormView(params.id!, viewId))) throw formNotFound();
  return new Response(null, { status: 204 });
});

export const OPTIONS = publicPreflight;
