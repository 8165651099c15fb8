// GET /api/forms/{id} – a published form's public config (the embed script renders from it); 404 otherwise, at once
import { formNotFound, loadLiveForm, publicConfig } from "@/server/services/public-forms/public-form";
import { publicPreflight, withPublic } from "@/server/http/with-public";

export const GET = withPublic(async ({ params }) => {
  const form = await loadLiveForm(params.id!);
  if (!form) throw formNotFound();
  return Response.json(await publicConfig(form));
});

export const OPTIONS = publicPreflight;
