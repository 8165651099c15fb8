import { sql } from "@/server/db/pool";
import type { WebhookWithSecret } from "@/lib/schemas/webhooks";
import { sealSecret } from "@/server/secret-box";
import { newWebhookSecret } from "@/server/webhooks/signature";
import { toWebhook, webhookNotFound, type WebhookRow } from "./webhook-record";

/** How long the replaced secret keeps signing beside the new one, so receivers can switch without losing events. */
const PREVIOUS_SECRET_GRACE = "24 hours";

/**
 * Issues a new signing secret; the current one becomes the previous secret for 24 hours (any older previous one is
 * dropped). One UPDATE reads and writes the row under its lock, so of two concurrent rotations the second moves the
 * first's new secret to previous: each caller's returned secret still signs.
 */
export async function rotateWebhookSecret({
  workspaceId,
  webhookId,
}: {
  workspaceId: string;
  webhookId: string;
}): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const [row] = await sql<WebhookRow>(
    `UPDATE "Webhook"
        SET "previousSecretCiphertext" = "secretCiphertext",
            "previousSecretExpiresAt" = now() + $3::interval,
            "secretCiphertext" = $4,
            "updatedAt" = now()
      WHERE id = $1 AND "workspaceId" = $2
      RETURNING id, "workspaceId", url, events, "isActive", "consecutiveFailures", "lastSuccessAt", "lastFailureAt",
                "disabledAt", "disabledReason", "previousSecretExpiresAt", "createdAt", "updatedAt"`,
    [webhookId, workspaceId, PREVIOUS_SECRET_GRACE, sealSecret(secret)],
  );
  if (!row) throw webhookNotFound();
  return { ...toWebhook(row), secret };
}
