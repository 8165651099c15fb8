// POST /api/forms/{id}/submissions – a visitor signs up (JSON from the embed script, or a plain HTML form post)
import { receiveSubmission } from "@/server/services/public-forms/receive-submission";
import { formPostOutcome } from "@/server/services/public-forms/form-post-outcome";
import { publicPreflight, readPublicBody, withPublic } from "@/server/http/with-public";

export const POST = withPublic(async ({ req, params }) => {
  const { kind, body } = await readPublicBody(req);
  const submit = () => receiveSubmission({ formId: params.id!, input: body, headers: req.headers });
  if (kind === "form") {
    // A plain HTML post: a 303 to a page a person can read, or the success message as text.
    const outcome = await formPostOutcome(params.id!, submit);
    if ("redirect" in outcome) return new Response(null, { status: 303, headers: { Location: outcome.redirect } });
    return new Response(outcome.text, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { form } = await submit();
  return Response.json({ message: form.successMessage, redirectUrl: form.redirectUrl });
});

export const OPTIONS = publicPreflight;
