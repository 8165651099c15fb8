// POST /api/webhooks/resend – Resend delivery events (Svix-signed, RESEND_WEBHOOK_SECRET): deliveries, bounces, complaints, delays
import { handleResendWebhook } from "@/server/services/tracking/resend-webhook";
import { webhookResponse, readWebhookBody } from "@/server/http/webhook-response";

export async function POST(req: Request) {
  const body = await readWebhookBody(req);
  if (body instanceof Response) return body;
  return webhookResponse(req, await handleResendWebhook(body, req.headers));
}
