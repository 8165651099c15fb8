// POST /api/v1/webhooks/{id}/rotate-secret – issue a new signing secret; the old one keeps signing for 24 hours
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { rotateWebhookSecret } from "@/server/services/webhooks/rotate-webhook-secret";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await rotateWebhookSecret({ workspaceId: auth.workspaceId, webhookId: params.id }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
