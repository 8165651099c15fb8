// POST /api/webhooks/postmark/{identityId} – the sending identity's postmark delivery events (bounces, complaints, deliveries)
import { providerWebhookPost } from "@/server/http/webhook-response";

export const POST = providerWebhookPost("postmark");
