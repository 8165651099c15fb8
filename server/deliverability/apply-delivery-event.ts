// The one write path for delivery events (deliveries, delays, bounces, complaints), whoever reports them: the
// provider webhooks (Resend, SES, Postmark, SendGrid, Mailgun) and the bounce mailbox the worker reads. It applies
// the workspace's rules in the same transaction as the event, so the next broadcast cannot reach a suppressed
// contact even before the tracking rollup runs:
// - a hard bounce suppresses at once (rule hard_bounce);
// - a soft bounce counts; softBounceLimit of them within softBounceWindowDays suppress (rule soft_bounces);
// - a complaint unsubscribes and suppresses (rule complaint).
// Which statuses a suppression replaces is the status rule's (status-moves.ts): an unsubscribed contact who
// hard-bounces stays unsubscribed (already out of every audience, and it is what they chose); a complaint outranks
// every status. `rule` is recorded only when the contact's status really moved.
import "server-only";
import { sqlTransaction, type Query } from "@/server/db/pool";
import { statusMoveSql } from "@/server/services/contacts/status-moves";
import type { SuppressionRule } from "@/lib/schemas/deliverability-rules";
import { unstorableTextProblem } from "@/lib/unstorable-text";

export type DeliverySource = "resend" | "ses" | "postmark" | "sendgrid" | "mailgun" | "mailbox";
export type DeliveryEvent = {
  source: DeliverySource;
  /** Applied once: the provider's event id, or for a bounce message its Message-ID + recipient. null: no dedupe. */
  key: string | null;
  kind: "delivered" | "bounced" | "complained" | "delayed";
  bounceType: "hard" | "soft" | null;
  /** Status code and diagnostic, e.g. "5.1.1 550 user unknown" (≤1,000 chars). */
  detail: string | null;
  /** How the message is found: our recipient row id (VERP, echoed token) or the provider message id we stored. */
  match: { recipientId: bigint } | { providerMessageId: string };
  /** Restricts the match to one workspace (per-identity webhook URLs know it). */
  workspaceId?: string;
  /** The address the report names: when given it must equal the recipient's address (case-insensitive), else the
   *  event is ignored — a report about someone else never suppresses our contact. */
  email?: string | null;
};

const MOVES = { hardBounce: statusMoveSql("hardBounce"), complaint: statusMoveSql("complaint") };

/** Dedupe keys are per source: two providers may number their events alike. Longer keys are cut (btree limit). */
const dedupeKey = (e: DeliveryEvent) => (e.key === null ? null : `${e.source}:${e.key}`.slice(0, 500));

type Recipient = { id: string; workspaceId: string; broadcastId: string; contactId: string | null; email: string };

async function findRecipient(query: Query, e: DeliveryEvent): Promise<Recipient | null> {
  const byId = "recipientId" in e.match;
  const value = "recipientId" in e.match ? e.match.recipientId.toString() : e.match.providerMessageId;
  const { rows } = await query<Recipient>(
    `SELECT id, "workspaceId", "broadcastId", "contactId", email FROM "BroadcastRecipient"
      WHERE ${byId ? "id = $1::bigint" : `"providerMessageId" = $1`}
        AND ($2::uuid IS NULL OR "workspaceId" = $2::uuid)
      LIMIT 1`,
    [value, e.workspaceId ?? null],
  );
  const r = rows[0];
  if (!r) return null;
  if (e.email != null && e.email.trim().toLowerCase() !== r.email.toLowerCase()) return null;
  return r;
}

/**
 * Records a single-use key outside any event (a webhook request's own nonce, e.g. Mailgun's signature token): true
 * the first time, false for a replay.
 */
export async function claimDeliveryKey(source: DeliverySource, key: string): Promise<boolean> {
  if (unstorableTextProblem(key) !== null) return false;
  const inserted = await sqlTransaction((query) =>
    query(`INSERT INTO "DeliveryEventKey" (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`, [
      `${source}:${key}`.slice(0, 500),
    ]),
  );
  return inserted.rowCount === 1;
}

export async function applyDeliveryEvent(e: DeliveryEvent): Promise<"applied" | "duplicate" | "unmatched"> {
  // A malformed workspace id (it comes from a URL) matches nothing rather than failing the cast.
  if (e.workspaceId !== undefined && !/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(e.workspaceId))
    return "unmatched";
  // Reports come from strangers until matched: text PostgreSQL cannot store (NUL, lone surrogates) matches nothing.
  const strings = [e.key, e.detail, e.email, "providerMessageId" in e.match ? e.match.providerMessageId : null];
  if (strings.some((v) => typeof v === "string" && unstorableTextProblem(v) !== null)) return "unmatched";
  const bounceType = e.kind === "bounced" ? (e.bounceType ?? "soft") : null;
  const detail = e.detail ? e.detail.slice(0, 1_000) : null;
  return sqlTransaction(async (query) => {
    const r = await findRecipient(query, e);
    // Unmatched events leave no key behind: another app's mail on a shared provider account is no business of ours.
    if (!r) return "unmatched";
    const key = dedupeKey(e);
    if (key !== null) {
      const inserted = await query(
        `INSERT INTO "DeliveryEventKey" (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key],
      );
      if (inserted.rowCount === 0) return "duplicate";
    }
    const outcome =
      r.contactId && (e.kind === "bounced" || e.kind === "complained")
        ? await applyRules(query, r as Recipient & { contactId: string }, e.kind, bounceType, detail, e.source)
        : { rule: null };
    await query(
      `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "bounceType", detail, rule)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.workspaceId, r.broadcastId, r.id, e.kind, bounceType, detail, outcome.rule],
    );
    return "applied";
  });
}

/**
 * The rules for one bounce or complaint of a known contact: the counted bounce, the suppression, the timeline row and
 * the Event log's contact.updated. The contact row is locked first, so two soft bounces arriving together both see
 * each other (neither can count 2 of 3 while there are 3).
 */
async function applyRules(
  query: Query,
  r: Recipient & { contactId: string },
  kind: "bounced" | "complained",
  bounceType: "hard" | "soft" | null,
  detail: string | null,
  source: DeliverySource,
): Promise<{ rule: SuppressionRule | null }> {
  const { rows } = await query<{ status: string; softBounceLimit: number; softBounceWindowDays: number }>(
    `SELECT c.status, w."softBounceLimit", w."softBounceWindowDays"
       FROM "Contact" c JOIN "Workspace" w ON w.id = c."workspaceId"
      WHERE c.id = $1 AND c."workspaceId" = $2
      FOR UPDATE OF c`,
    [r.contactId, r.workspaceId],
  );
  const contact = rows[0];
  if (!contact) return { rule: null };

  let candidate: SuppressionRule | null = null;
  const data: Record<string, unknown> = { source };
  if (kind === "complained") {
    candidate = "complaint";
  } else {
    data.bounceType = bounceType;
    await query(
      `INSERT INTO "ContactBounce" ("workspaceId", "contactId", "broadcastId", "recipientId", kind, source, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.workspaceId, r.contactId, r.broadcastId, r.id, bounceType, source, detail],
    );
    if (bounceType === "hard") candidate = "hard_bounce";
    else {
      // Messages, not reports: a provider reporting one message's retries three times is still one soft bounce.
      const [counted] = (
        await query<{ n: number }>(
          `SELECT count(DISTINCT coalesce("recipientId", -id))::int AS n FROM "ContactBounce"
            WHERE "contactId" = $1 AND kind = 'soft' AND "createdAt" > now() - make_interval(days => $2)`,
          [r.contactId, contact.softBounceWindowDays],
        )
      ).rows;
      data.softBounces = counted!.n;
      data.windowDays = contact.softBounceWindowDays;
      if (counted!.n >= contact.softBounceLimit) candidate = "soft_bounces";
    }
  }
  if (detail) data.detail = detail;

  let rule: SuppressionRule | null = null;
  if (candidate) {
    const move = candidate === "complaint" ? MOVES.complaint : MOVES.hardBounce;
    const moved = await query<{ email: string }>(
      `UPDATE "Contact" SET ${move.set}, "updatedAt" = now()
        WHERE id = $1 AND "workspaceId" = $2 AND ${move.guard}
        RETURNING email`,
      [r.contactId, r.workspaceId],
    );
    const email = moved.rows[0]?.email;
    if (email !== undefined) {
      rule = candidate;
      data.rule = rule;
      data.from = contact.status;
      await query(
        `INSERT INTO "Event" (id, "workspaceId", type, payload)
         VALUES (gen_random_uuid(), $1, 'contact.updated',
                 jsonb_build_object('contactId', $2::uuid, 'email', $3::text, 'changed', '["status"]'::jsonb))`,
        [r.workspaceId, r.contactId, email],
      );
    }
  }
  // The timeline row is written here rather than by the rollup: only here is it known where the report came from,
  // which rule acted and how many soft bounces it made.
  await query(
    `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb)`,
    [r.workspaceId, r.contactId, kind === "complained" ? "email.complained" : "email.bounced", r.broadcastId, data],
  );
  return { rule };
}
