// POST /api/v1/automations/{id}/activate – draft or paused → active (publishes the first version; a paused one resumes); 422 with the checklist's problems
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { activateAutomation } from "@/server/services/automations/activate-automation";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await activateAutomation(auth.workspaceId, params.id) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
