// The one write path for what providers and bounce mailboxes tell us about a message we sent: deliveries, delays,
// bounces and complaints, whatever their source (Resend, Amazon SES, Postmark, SendGrid, Mailgun webhooks; DSN and
// ARF reports read from the bounce mailbox). In one transaction it finds the message's recipient row, records the
// event once (by its key), appends it to EmailEvent for the tracking rollup (which writes the recipient's fields and
// the broadcast's counters), writes a bounce's or complaint's timeline row (only here is it known where the report
// came from and how many soft bounces it makes), and applies the workspace's deliverability rules:
// - a hard bounce suppresses the contact at once (rule hard_bounce);
// - a soft bounce counts; softBounceLimit soft bounces of different messages within softBounceWindowDays suppress the
//   contact as bounced (rule soft_bounces);
// - a complaint unsubscribes and suppresses (status complained, rule complaint).
// Which statuses a suppression replaces is the status rule's (status-moves.ts): an unsubscribed contact who
// hard-bounces keeps the status they chose, and then no rule "acted".
// The worker calls it too (the bounce mailbox): no "server-only" here (tests/unit/worker-imports.test.ts).
import { sqlTransaction, type Query } from "@/server/db/pool";
import { statusMoveSql } from "@/server/services/contacts/status-moves";
import { unstorableTextProblem } from "@/lib/unstorable-text";

export const DELIVERY_SOURCES = ["resend", "ses", "postmark", "sendgrid", "mailgun", "mailbox"] as const;
export type DeliverySource = (typeof DELIVERY_SOURCES)[number];

export type DeliveryEvent = {
  source: DeliverySource;
  /** Applied once: the provider's event id, or for a bounce message its Message-ID + recipient. null: no dedupe. */
  key: string | null;
  kind: "delivered" | "bounced" | "complained" | "delayed";
  bounceType: "hard" | "soft" | null;
  /** Status code and diagnostic, e.g. "5.1.1 550 user unknown" (cut to 1,000 characters). */
  detail: string | null;
  /** How the message is found: our recipient row id (VERP, echoed token) or the provider message id we stored. */
  match: { recipientId: bigint } | { providerMessageId: string };
  /** Restricts the match to one workspace (per-identity webhook URLs know it). */
  workspaceId?: string;
  /**
   * The address the report names: when given it must equal the recipient's address (case-insensitive), else the
   * event is ignored: a report about someone else never suppresses our contact.
   */
  email?: string | null;
};

export type DeliveryOutcome = "applied" | "duplicate" | "unmatched";

/** The rules that may act on an event, as EmailEvent.rule and BroadcastRecipient.suppressedBy name them. */
export type DeliveryRule = "hard_bounce" | "soft_bounces" | "complaint";

const MOVES: Record<DeliveryRule, { set: string; guard: string }> = {
  complaint: statusMoveSql("complaint"),
  hard_bounce: statusMoveSql("hardBounce"),
  soft_bounces: statusMoveSql("hardBounce"),
};
const MAX_KEY = 500;
const MAX_DETAIL = 1_000;

type Recipient = { id: string; workspaceId: string; broadcastId: string; contactId: string | null; email: string };

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/**
 * Reports come from strangers until matched: a malformed workspace id, or text PostgreSQL cannot store (NUL, lone
 * surrogates), matches nothing instead of failing the statement.
 */
function unmatchable(e: DeliveryEvent): boolean {
  if (e.workspaceId !== undefined && !UUID.test(e.workspaceId)) return true;
  const texts = [e.key, e.detail, e.email, "providerMessageId" in e.match ? e.match.providerMessageId : null];
  return texts.some((v) => typeof v === "string" && unstorableTextProblem(v) !== null);
}

/**
 * Records a single-use key outside any event (a webhook request's own nonce, e.g. Mailgun's signature token): true
 * the first time, false for a replay.
 */
export async function claimDeliveryKey(source: DeliverySource, key: string): Promise<boolean> {
  if (unstorableTextProblem(key) !== null) return false;
  const { rows } = await sqlTransaction((query) =>
    query(`INSERT INTO "DeliveryEventKey" (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`, [
      `${source}:${key}`.slice(0, MAX_KEY),
    ]),
  );
  return rows.length === 1;
}

export async function applyDeliveryEvent(e: DeliveryEvent): Promise<DeliveryOutcome> {
  if (e.kind === "bounced" && !e.bounceType) throw new Error("A bounce needs its bounceType.");
  if (unmatchable(e)) return "unmatched";
  return sqlTransaction(async (query) => {
    const r = await findRecipient(query, e);
    if (!r) return "unmatched";
    if (e.email != null && e.email.trim().toLowerCase() !== r.email.toLowerCase()) return "unmatched";
    if (e.key !== null) {
      // After the match: a concurrent copy of the same event waits here for the first one's commit, then finds it.
      const { rows } = await query(
        `INSERT INTO "DeliveryEventKey" (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [`${e.source}:${e.key}`.slice(0, MAX_KEY)],
      );
      if (rows.length === 0) return "duplicate";
    }
    const detail = e.detail ? e.detail.slice(0, MAX_DETAIL) : null;
    const rule = r.contactId ? await applyRules(query, e, r, r.contactId, detail) : null;
    await query(
      `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "bounceType", detail, rule)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.workspaceId, r.broadcastId, r.id, e.kind, e.kind === "bounced" ? e.bounceType : null, detail, rule],
    );
    return "applied";
  });
}

async function findRecipient(query: Query, e: DeliveryEvent): Promise<Recipient | null> {
  const columns = `id, "workspaceId", "broadcastId", "contactId", email`;
  if ("recipientId" in e.match) {
    const { rows } = await query<Recipient>(
      `SELECT ${columns} FROM "BroadcastRecipient" WHERE id = $1 AND ($2::uuid IS NULL OR "workspaceId" = $2::uuid)`,
      [e.match.recipientId.toString(), e.workspaceId ?? null],
    );
    return rows[0] ?? null;
  }
  // SMTP transports store the Message-ID with its angle brackets; providers echo it with or without them.
  const bare = e.match.providerMessageId.trim().replace(/^<(.*)>$/, "$1");
  if (!bare || bare.length > 998) return null;
  const { rows } = await query<Recipient>(
    `SELECT ${columns} FROM "BroadcastRecipient"
      WHERE "providerMessageId" IN ($1, $2) AND ($3::uuid IS NULL OR "workspaceId" = $3::uuid)
      LIMIT 1`,
    [bare, `<${bare}>`, e.workspaceId ?? null],
  );
  return rows[0] ?? null;
}

/**
 * Counts the bounce, suppresses the contact when a rule says so, and writes the timeline row; the rule that acted,
 * if any. The contact row is locked first, so two soft bounces arriving together each see the other.
 */
async function applyRules(
  query: Query,
  e: DeliveryEvent,
  r: Recipient,
  contactId: string,
  detail: string | null,
): Promise<DeliveryRule | null> {
  if (e.kind !== "complained" && e.kind !== "bounced") return null;
  await query(`SELECT 1 FROM "Contact" WHERE id = $1 FOR UPDATE`, [contactId]);
  const counted = await countAndDecide(query, e, r, contactId, detail);
  const rule = counted.rule && (await suppress(query, r, contactId, counted.rule)) ? counted.rule : null;
  const data = {
    ...(e.kind === "bounced" ? { bounceType: e.bounceType } : {}),
    source: e.source,
    ...(rule ? { rule } : {}),
    ...(counted.softBounces !== undefined ? { softBounces: counted.softBounces, windowDays: counted.windowDays } : {}),
    ...(detail ? { detail } : {}),
  };
  await query(
    `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb)`,
    [r.workspaceId, contactId, `email.${e.kind}`, r.broadcastId, JSON.stringify(data)],
  );
  return rule;
}

/** The rule the event sets off (before the status rule has its say), and for a soft bounce the count it makes. */
async function countAndDecide(
  query: Query,
  e: DeliveryEvent,
  r: Recipient,
  contactId: string,
  detail: string | null,
): Promise<{ rule: DeliveryRule | null; softBounces?: number; windowDays?: number }> {
  if (e.kind === "complained") return { rule: "complaint" };
  await query(
    `INSERT INTO "ContactBounce" ("workspaceId", "contactId", "broadcastId", "recipientId", kind, source, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.workspaceId, contactId, r.broadcastId, r.id, e.bounceType, e.source, detail],
  );
  if (e.bounceType === "hard") return { rule: "hard_bounce" };
  // Soft bounces of different messages within the window; several reports about one message count once.
  const { rows } = await query<{ bounces: number; limit: number; days: number }>(
    `SELECT w."softBounceLimit" AS limit, w."softBounceWindowDays" AS days,
            (SELECT count(DISTINCT coalesce(b."recipientId"::text, b.id::text))::int FROM "ContactBounce" b
              WHERE b."contactId" = $2 AND b.kind = 'soft'
                AND b."createdAt" > now() - make_interval(days => w."softBounceWindowDays")) AS bounces
       FROM "Workspace" w WHERE w.id = $1`,
    [r.workspaceId, contactId],
  );
  const counted = rows[0]!;
  const softBounces = { softBounces: counted.bounces, windowDays: counted.days };
  return { rule: counted.bounces >= counted.limit ? "soft_bounces" : null, ...softBounces };
}

/** Moves the contact (when the status rule lets it) and logs contact.updated; whether it moved. */
async function suppress(query: Query, r: Recipient, contactId: string, move: keyof typeof MOVES): Promise<boolean> {
  const sql = MOVES[move];
  const { rows } = await query<{ email: string }>(
    `UPDATE "Contact" SET ${sql.set}, "updatedAt" = now()
      WHERE id = $1 AND "workspaceId" = $2 AND ${sql.guard}
      RETURNING email`,
    [contactId, r.workspaceId],
  );
  const email = rows[0]?.email;
  if (email === undefined) return false;
  await query(
    `INSERT INTO "Event" (id, "workspaceId", type, payload)
     VALUES (gen_random_uuid(), $1, 'contact.updated',
             jsonb_build_object('contactId', $2::uuid, 'email', $3::text, 'changed', '["status"]'::jsonb))`,
    [r.workspaceId, contactId, email],
  );
  return true;
}
