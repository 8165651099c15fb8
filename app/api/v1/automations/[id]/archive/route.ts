// POST /api/v1/automations/{id}/archive – → archived for good; contacts inside leave (idempotent)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { archiveAutomation } from "@/server/services/automations/archive-automation";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await archiveAutomation(auth.workspaceId, params.id) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
