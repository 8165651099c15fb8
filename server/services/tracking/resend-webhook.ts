// The server-wide Resend webhook (/api/webhooks/resend, secret in RESEND_WEBHOOK_SECRET): verified and applied like
// every provider webhook (server/services/deliverability/receive-provider-webhook.ts), matching in any workspace
// since the URL names none. Per-identity URLs (/api/webhooks/resend/<identityId>) use the identity's secret.
import "server-only";
import { handleVerifiedWebhook, type WebhookAnswer } from "@/server/services/deliverability/receive-provider-webhook";

export async function handleResendWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const secret = process.env.RESEND_WEBHOOK_SECRET;
  if (!secret) {
    return { status: 401, detail: "Resend webhooks are not enabled on this server: set RESEND_WEBHOOK_SECRET." };
  }
  return handleVerifiedWebhook("resend", rawBody, headers, { secret });
}
