import { db } from "@/server/db/client";
import type { UpdateWebhook, Webhook } from "@/lib/schemas/webhooks";
import type { Resolver } from "@/server/webhooks/address-guard";
import { checkWebhookUrl } from "./check-webhook-url";
import { toWebhook, webhookNotFound, webhookSelect } from "./webhook-record";

/**
 * Changes url, events and/or isActive. Re-enabling an inactive webhook (the owner fixed the endpoint after an
 * auto-disable, say) starts a fresh failure run: otherwise the next failure would disable it again at once.
 * Disabling only stops deliveries; the failure history stays for the owner to read.
 */
export async function updateWebhook({
  workspaceId,
  webhookId,
  input,
  resolver,
}: {
  workspaceId: string;
  webhookId: string;
  input: UpdateWebhook;
  resolver?: Resolver;
}): Promise<Webhook> {
  const url = input.url !== undefined ? await checkWebhookUrl(input.url, resolver) : undefined;
  const where = { id: webhookId, workspaceId };
  const row = await db().$transaction(async (tx) => {
    // Conditional on isActive = false inside the transaction, so a webhook that is already active keeps its
    // current failure run: only a real re-enable resets it.
    if (input.isActive === true) {
      await tx.webhook.updateMany({
        where: { ...where, isActive: false },
        data: { consecutiveFailures: 0, failingSince: null, disabledAt: null, disabledReason: null },
      });
    }
    const { count } = await tx.webhook.updateMany({
      where,
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      },
    });
    return count === 0 ? null : tx.webhook.findFirst({ where, select: webhookSelect });
  });
  if (!row) throw webhookNotFound();
  return toWebhook(row);
}
