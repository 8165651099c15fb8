// The one mapping from a Webhook row to the API's Webhook (the OpenAPI schema Webhook). Secrets never leave through here.
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { DeliveryTarget } from "@/server/webhooks/attempt-delivery";
import type { Webhook } from "@/lib/schemas/webhooks";

export const webhookSelect = {
  id: true,
  workspaceId: true,
  url: true,
  events: true,
  isActive: true,
  consecutiveFailures: true,
  lastSuccessAt: true,
  lastFailureAt: true,
  disabledAt: true,
  disabledReason: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type WebhookRow = {
  id: string;
  workspaceId: string;
  url: string;
  events: string[];
  isActive: boolean;
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    url: row.url,
    events: row.events,
    isActive: row.isActive,
    consecutiveFailures: row.consecutiveFailures,
    lastSuccessAt: iso(row.lastSuccessAt),
    lastFailureAt: iso(row.lastFailureAt),
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const webhookNotFound = () => new AppError("NOT_FOUND", "Webhook not found.");

/** What sending to a webhook needs (url and sealed secrets), or a 404 outside the workspace. */
export async function loadDeliveryTarget({
  workspaceId,
  webhookId,
}: {
  workspaceId: string;
  webhookId: string;
}): Promise<DeliveryTarget> {
  const [target] = await sql<DeliveryTarget>(
    `SELECT id AS "webhookId", "workspaceId", url, "secretCiphertext", "previousSecretCiphertext",
            "previousSecretExpiresAt"
       FROM "Webhook" WHERE id = $1 AND "workspaceId" = $2`,
    [webhookId, workspaceId],
  );
  if (!target) throw webhookNotFound();
  return target;
}
