// Resend's delivery webhooks (delivered, bounced, complained, delivery delayed), signed with the Svix scheme that
// Resend uses (svix-id, svix-timestamp, svix-signature; secret "whsec_…" in RESEND_WEBHOOK_SECRET). A verified event
// for a message we sent becomes an EmailEvent for the rollup; a hard bounce or a complaint also suppresses the
// contact at once (its status leaves `subscribed`, and audiences only take subscribed contacts), in the same
// transaction, so the next broadcast cannot reach them even before the rollup runs.
import "server-only";
import { Resend } from "resend";
import { sqlTransaction } from "@/server/db/pool";
import { statusMoveSql } from "@/server/services/contacts/status-moves";

export type ResendWebhookResult = { status: 200; outcome: "applied" | "ignored" } | { status: 401; detail: string };

const SUPPRESS = { complaint: statusMoveSql("complaint"), hardBounce: statusMoveSql("hardBounce") };

type Headers = { id: string | null; timestamp: string | null; signature: string | null };

type ResendEvent = {
  type?: string;
  data?: { email_id?: string; bounce?: { type?: string; subType?: string; message?: string } };
};

const KINDS: Record<string, "delivered" | "bounced" | "complained" | "delayed"> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.delivery_delayed": "delayed",
};

/**
 * The SDK's verifier checks the signature over id, timestamp and body, and refuses timestamps more than 5 minutes
 * away (replays). It lives on a client instance; verifying needs no API key, so the client gets a placeholder one.
 */
let verifier: Resend | null = null;
function verify(rawBody: string, headers: Headers, secret: string): ResendEvent | null {
  if (!headers.id || !headers.timestamp || !headers.signature) return null;
  verifier ??= new Resend("re_webhook_verification_only");
  try {
    return verifier.webhooks.verify({
      payload: rawBody,
      headers: { id: headers.id, timestamp: headers.timestamp, signature: headers.signature },
      webhookSecret: secret,
    }) as ResendEvent;
  } catch {
    return null;
  }
}

export async function handleResendWebhook(rawBody: string, headers: Headers): Promise<ResendWebhookResult> {
  const secret = process.env.RESEND_WEBHOOK_SECRET;
  if (!secret) {
    return { status: 401, detail: "Resend webhooks are not enabled on this server: set RESEND_WEBHOOK_SECRET." };
  }
  const event = verify(rawBody, headers, secret);
  if (!event) {
    return {
      status: 401,
      detail: "The webhook signature is missing, invalid or more than 5 minutes old (svix-* headers).",
    };
  }
  const kind = event.type ? KINDS[event.type] : undefined;
  const messageId = event.data?.email_id;
  // Other event types (Resend's own opens and clicks: we track those ourselves) and messages we did not send
  // (another app on the same Resend account) are acknowledged so Resend does not retry them.
  if (!kind || typeof messageId !== "string") return { status: 200, outcome: "ignored" };
  const bounceType = kind === "bounced" ? (event.data?.bounce?.type === "Permanent" ? "hard" : "soft") : null;
  const detail = kind === "bounced" ? bounceDetail(event.data?.bounce) : null;
  const applied = await applyProviderEvent({ messageId, kind, bounceType, detail });
  return { status: 200, outcome: applied ? "applied" : "ignored" };
}

function bounceDetail(bounce: { type?: string; subType?: string; message?: string } | undefined) {
  const text = [bounce?.type, bounce?.subType, bounce?.message].filter(Boolean).join(": ");
  return text ? text.slice(0, 1_000) : null;
}

async function applyProviderEvent(e: {
  messageId: string;
  kind: "delivered" | "bounced" | "complained" | "delayed";
  bounceType: "hard" | "soft" | null;
  detail: string | null;
}): Promise<boolean> {
  return sqlTransaction(async (query) => {
    const { rows } = await query<{ id: string; workspaceId: string; broadcastId: string; contactId: string | null }>(
      `SELECT id, "workspaceId", "broadcastId", "contactId" FROM "BroadcastRecipient"
        WHERE "providerMessageId" = $1 LIMIT 1`,
      [e.messageId],
    );
    const r = rows[0];
    if (!r) return false;
    await query(
      `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "bounceType", detail)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [r.workspaceId, r.broadcastId, r.id, e.kind, e.bounceType, e.detail],
    );
    const move = e.kind === "complained" ? SUPPRESS.complaint : e.bounceType === "hard" ? SUPPRESS.hardBounce : null;
    if (move && r.contactId) {
      // Which statuses each suppression replaces is the status rule's (status-moves.ts).
      const suppressed = await query<{ email: string }>(
        `UPDATE "Contact" SET ${move.set}, "updatedAt" = now()
          WHERE id = $1 AND "workspaceId" = $2 AND ${move.guard}
          RETURNING email`,
        [r.contactId, r.workspaceId],
      );
      const email = suppressed.rows[0]?.email;
      if (email !== undefined) {
        await query(
          `INSERT INTO "Event" (id, "workspaceId", type, payload)
           VALUES (gen_random_uuid(), $1, 'contact.updated',
                   jsonb_build_object('contactId', $2::uuid, 'email', $3::text, 'changed', '["status"]'::jsonb))`,
          [r.workspaceId, r.contactId, email],
        );
      }
    }
    return true;
  });
}
