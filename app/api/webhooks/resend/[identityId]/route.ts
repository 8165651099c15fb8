// POST /api/webhooks/resend/{identityId} – the sending identity's resend delivery events (bounces, complaints, deliveries)
import { providerWebhookPost } from "@/server/http/webhook-response";

export const POST = providerWebhookPost("resend");
