// GET /api/v1/webhooks – list webhooks (offset pagination); POST /api/v1/webhooks – register one (secret shown once)
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateWebhook, ZListWebhooksQuery } from "@/lib/schemas/webhooks";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";
import { createWebhook } from "@/server/services/webhooks/create-webhook";

export const GET = withApiKey({ scope: "read", query: ZListWebhooksQuery }, async ({ auth, query }) =>
  json(await listWebhooks({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateWebhook }, async ({ auth, body }) => {
  const webhook = await createWebhook({ workspaceId: auth.workspaceId, input: body });
  return created({ data: webhook }, `/api/v1/webhooks/${webhook.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
