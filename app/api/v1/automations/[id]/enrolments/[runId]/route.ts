// GET /api/v1/automations/{id}/enrolments/{runId} – one enrolment (where the contact is, or how they finished);
// DELETE – take the contact out now (exit reason `removed`), answering the enrolment as it is afterwards (a finished
// one unchanged)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { getEnrolment, removeEnrolment, ZEnrolmentParams } from "@/server/services/automations/enrolments";

export const GET = withApiKey({ scope: "read", params: ZEnrolmentParams }, async ({ auth, params }) =>
  json({ data: await getEnrolment(auth.workspaceId, params.id, params.runId) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZEnrolmentParams }, async ({ auth, params }) =>
  json({ data: await removeEnrolment(auth.workspaceId, params.id, params.runId) }),
);

export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
