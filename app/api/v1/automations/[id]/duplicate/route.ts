// POST /api/v1/automations/{id}/duplicate – a new draft "<name> (copy)" with the same definition; the source is untouched
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { duplicateAutomation } from "@/server/services/automations/duplicate-automation";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  const copy = await duplicateAutomation(auth.workspaceId, params.id);
  return created({ data: copy }, `/api/v1/automations/${copy.id}`);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
