// POST /api/forms/{id}/submissions – a visitor signs up (JSON from the embed script, or a plain HTML form post)
import { receiveSubmission } from "@/server/forms/receive-submission";
import { formPostAnswer } from "@/server/forms/form-post-answer";
import { publicPreflight, readPublicBody, withPublic } from "@/server/http/with-public";

export const POST = withPublic(async ({ req, params }) => {
  const { kind, body } = await readPublicBody(req);
  if (kind === "form")
    return formPostAnswer(params.id!, () =>
      receiveSubmission({ formId: params.id!, input: body, headers: req.headers }),
    );
  const { form } = await receiveSubmission({ formId: params.id!, input: body, headers: req.headers });
  return Response.json({ message: form.successMessage, redirectUrl: form.redirectUrl });
});

export const OPTIONS = publicPreflight;
