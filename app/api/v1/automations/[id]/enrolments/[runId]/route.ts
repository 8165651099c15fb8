// DELETE /api/v1/automations/{id}/enrolments/{runId} – take a contact out now (exit reason `removed`); answers the
// enrolment as it is afterwards (a finished one unchanged)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { removeEnrolment, ZEnrolmentParams } from "@/server/services/automations/enrolments";

export const DELETE = withApiKey({ scope: "write", params: ZEnrolmentParams }, async ({ auth, params }) =>
  json({ data: await removeEnrolment(auth.workspaceId, params.id, params.runId) }),
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
