// POST /api/webhooks/sendgrid/{identityId} – the sending identity's sendgrid delivery events (bounces, complaints, deliveries)
import { receiveProviderWebhook } from "@/server/services/deliverability/receive-provider-webhook";
import { readWebhookBody, webhookResponse } from "@/server/http/webhook-response";

export async function POST(req: Request, ctx: { params: Promise<{ identityId: string }> }) {
  const rawBody = await readWebhookBody(req);
  if (rawBody instanceof Response) return rawBody;
  const { identityId } = await ctx.params;
  return webhookResponse(
    req,
    await receiveProviderWebhook({ provider: "sendgrid", identityId, rawBody, headers: req.headers }),
  );
}
