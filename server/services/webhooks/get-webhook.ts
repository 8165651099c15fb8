import { db } from "@/server/db/client";
import type { Webhook } from "@/lib/schemas/webhooks";
import { toWebhook, webhookNotFound, webhookSelect } from "./webhook-record";

export async function getWebhook({
  workspaceId,
  webhookId,
}: {
  workspaceId: string;
  webhookId: string;
}): Promise<Webhook> {
  const row = await db().webhook.findFirst({ where: { id: webhookId, workspaceId }, select: webhookSelect });
  if (!row) throw webhookNotFound();
  return toWebhook(row);
}
