import { db } from "@/server/db/client";
import type { CreateWebhook, WebhookWithSecret } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { checkWebhookUrl } from "./check-webhook-url";
import { sealSecret } from "@/server/secret-box";
import { newWebhookSecret } from "@/server/webhooks/signature";
import { toWebhook, webhookSelect } from "./webhook-record";

/**
 * Registers a webhook. The signing secret is returned here and never again: only its ciphertext is stored (the
 * sender needs the plaintext to sign, so it is encrypted rather than hashed). `resolver` lets tests stand in for DNS.
 */
export async function createWebhook({
  workspaceId,
  input,
  resolver,
}: {
  workspaceId: string;
  input: CreateWebhook;
  resolver?: Resolver;
}): Promise<WebhookWithSecret> {
  const url = await checkWebhookUrl(input.url, resolver);
  const secret = newWebhookSecret();
  const row = await db().webhook.create({
    data: {
      workspaceId,
      url,
      events: input.events,
      isActive: input.isActive ?? true,
      secretCiphertext: sealSecret(secret),
    },
    select: webhookSelect,
  });
  return { ...toWebhook(row), secret };
}
