// POST /api/webhooks/mailgun/{identityId} – the sending identity's mailgun delivery events (bounces, complaints, deliveries)
import { providerWebhookPost } from "@/server/http/webhook-response";

export const POST = providerWebhookPost("mailgun");
