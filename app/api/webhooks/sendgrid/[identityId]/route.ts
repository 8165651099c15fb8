// POST /api/webhooks/sendgrid/{identityId} – the sending identity's sendgrid delivery events (bounces, complaints, deliveries)
import { providerWebhookPost } from "@/server/http/webhook-response";

export const POST = providerWebhookPost("sendgrid");
