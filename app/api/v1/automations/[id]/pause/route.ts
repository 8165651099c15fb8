// POST /api/v1/automations/{id}/pause – active → paused: nobody enters, runs wait at their step
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { pauseAutomation } from "@/server/services/automations/pause-automation";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await pauseAutomation(auth.workspaceId, params.id) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
