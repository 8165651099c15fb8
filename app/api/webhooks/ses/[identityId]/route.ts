// POST /api/webhooks/ses/{identityId} – the sending identity's ses delivery events (bounces, complaints, deliveries)
import { providerWebhookPost } from "@/server/http/webhook-response";

export const POST = providerWebhookPost("ses");
