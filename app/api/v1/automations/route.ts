// GET /api/v1/automations – list (status, name search, offset pagination); POST – create a draft (optionally from a template)
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateAutomation, ZListAutomationsQuery } from "@/lib/schemas/automations";
import { listAutomations } from "@/server/services/automations/list-automations";
import { createAutomation } from "@/server/services/automations/create-automation";

export const GET = withApiKey({ scope: "read", query: ZListAutomationsQuery }, async ({ auth, query }) =>
  json(await listAutomations(auth.workspaceId, query)),
);

export const POST = withApiKey({ scope: "write", body: ZCreateAutomation }, async ({ auth, body }) => {
  const automation = await createAutomation(auth.workspaceId, body);
  return created({ data: automation }, `/api/v1/automations/${automation.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
