// GET / PATCH / DELETE /api/v1/webhooks/{id} – read, change (url, events, isActive) or delete one webhook
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateWebhook } from "@/lib/schemas/webhooks";
import { getWebhook } from "@/server/services/webhooks/get-webhook";
import { updateWebhook } from "@/server/services/webhooks/update-webhook";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getWebhook({ workspaceId: auth.workspaceId, webhookId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateWebhook },
  async ({ auth, params, body }) =>
    json({ data: await updateWebhook({ workspaceId: auth.workspaceId, webhookId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteWebhook({ workspaceId: auth.workspaceId, webhookId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
