// POST /api/webhooks/resend – Resend delivery events (Svix-signed): deliveries, bounces, complaints, delays
import { randomUUID } from "node:crypto";
import { handleResendWebhook } from "@/server/tracking/resend-webhook";
import { problem } from "@/server/http/problem";

export async function POST(req: Request) {
  const instance = new URL(req.url).pathname;
  const body = await req.text();
  if (body.length > 1_000_000) return problem(413, "Webhook bodies are at most 1 MB.", instance);
  const result = await handleResendWebhook(body, {
    id: req.headers.get("svix-id"),
    timestamp: req.headers.get("svix-timestamp"),
    signature: req.headers.get("svix-signature"),
  });
  if (result.status === 401)
    return problem(401, result.detail, instance, { headers: { "X-Request-Id": randomUUID() } });
  return Response.json({ received: true, outcome: result.outcome });
}
