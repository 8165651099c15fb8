// POST /api/webhooks/resend – Resend delivery events (Svix-signed): deliveries, bounces, complaints, delays
import { randomUUID } from "node:crypto";
import { handleResendWebhook } from "@/server/services/tracking/resend-webhook";
import { isTooLarge, readBodyText } from "@/server/http/read-body";
import { problem } from "@/server/http/problem";

export async function POST(req: Request) {
  const instance = new URL(req.url).pathname;
  let body: string;
  try {
    body = await readBodyText(req, 1_000_000, "Webhook bodies are at most 1 MB.");
  } catch (error) {
    if (isTooLarge(error)) return problem(413, error.message, instance);
    throw error;
  }
  const result = await handleResendWebhook(body, {
    id: req.headers.get("svix-id"),
    timestamp: req.headers.get("svix-timestamp"),
    signature: req.headers.get("svix-signature"),
  });
  if (result.status === 401)
    return problem(401, result.detail, instance, { headers: { "X-Request-Id": randomUUID() } });
  return Response.json({ received: true, outcome: result.outcome });
}
