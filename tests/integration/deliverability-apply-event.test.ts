// applyDeliveryEvent beyond the rules themselves (tests/integration/deliverability-rules.test.ts): the timeline row
// it writes for each bounce and complaint (source, rule, soft-bounce count), the Event log, keys per source, and
// hostile input (malformed workspace ids, text PostgreSQL cannot store) matching nothing instead of failing.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { applyDeliveryEvent, type DeliveryEvent } from "@/server/deliverability/apply-delivery-event";
import { pruneDeliveryEventKeys } from "@/server/deliverability/prune-delivery-event-keys";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentRecipient } from "../support/broadcast-rows";

const status = async (contactId: string) =>
  (await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [contactId]))[0]!.status;

const bounce = (r: SentRecipient, over: Partial<DeliveryEvent> = {}): DeliveryEvent => ({
  source: "ses",
  key: randomUUID(),
  kind: "bounced",
  bounceType: "soft",
  detail: "4.2.2 mailbox full",
  match: { recipientId: r.id },
  email: r.email,
  ...over,
});

/** Another message to the same contact (an automation run of the same broadcast: runId keeps rows apart). */
async function anotherMessage(broadcastId: string, workspaceId: string, r: SentRecipient, runId: number) {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status, "sentAt",
                                       "runId", "providerMessageId")
     VALUES ($1, $2, $3, $4, 0, 'sent', now(), $5, $6) RETURNING id`,
    [broadcastId, workspaceId, r.contactId, r.email, runId, `msg-${randomUUID()}`],
  );
  return { ...r, id: BigInt(row!.id) };
}

const emailEvents = (recipientId: bigint) =>
  sql<{ type: string; bounceType: string | null; rule: string | null }>(
    `SELECT type, "bounceType", rule FROM "EmailEvent" WHERE "recipientId" = $1 ORDER BY seq`,
    [recipientId],
  );

const timeline = (contactId: string) =>
  sql<{ type: string; data: Record<string, unknown> }>(
    `SELECT type, data FROM "ContactActivity" WHERE "contactId" = $1 AND type LIKE 'email.%' ORDER BY seq`,
    [contactId],
  );

describe("applyDeliveryEvent", () => {
  let workspaceId: string;
  beforeAll(async () => {
    workspaceId = (await makeWorkspace()).id;
  });

  it("suppresses a hard bounce at once, counts it, and says so on the timeline and in the Event log", async () => {
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = b.recipients[0]!;
    expect(await applyDeliveryEvent(bounce(r, { bounceType: "hard", detail: "5.1.1 550 user unknown" }))).toBe(
      "applied",
    );
    expect(await status(r.contactId)).toBe("bounced");
    expect(await emailEvents(r.id)).toEqual([{ type: "bounced", bounceType: "hard", rule: "hard_bounce" }]);
    expect(
      await sql(`SELECT kind, source, detail, "recipientId"::text AS rid FROM "ContactBounce" WHERE "contactId" = $1`, [
        r.contactId,
      ]),
    ).toEqual([{ kind: "hard", source: "ses", detail: "5.1.1 550 user unknown", rid: String(r.id) }]);
    expect(await timeline(r.contactId)).toEqual([
      {
        type: "email.bounced",
        data: {
          bounceType: "hard",
          source: "ses",
          rule: "hard_bounce",
          detail: "5.1.1 550 user unknown",
        },
      },
    ]);
    const events = await sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM "Event" WHERE "workspaceId" = $1 AND type = 'contact.updated' AND payload->>'contactId' = $2`,
      [workspaceId, r.contactId],
    );
    expect(events.map((e) => e.payload.changed)).toEqual([["status"]]);

    // The rollup copies the rule onto the recipient (the report's "suppressed by"), and writes no second timeline row.
    await drain();
    const [recipient] = await sql(`SELECT "suppressedBy", "bounceType" FROM "BroadcastRecipient" WHERE id = $1`, [
      r.id,
    ]);
    expect(recipient).toEqual({ suppressedBy: "hard_bounce", bounceType: "hard" });
    expect(await timeline(r.contactId)).toHaveLength(1);
  });

  it("suppresses on the 3rd soft bounce within 15 days, not on the 2nd", async () => {
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    const first = b.recipients[0]!;
    const second = await anotherMessage(b.id, workspaceId, first, 1);
    const third = await anotherMessage(b.id, workspaceId, first, 2);
    expect(await applyDeliveryEvent(bounce(first))).toBe("applied");
    // The same message reported again (under another key) is still one soft bounce.
    expect(await applyDeliveryEvent(bounce(first))).toBe("applied");
    expect(await applyDeliveryEvent(bounce(second))).toBe("applied");
    expect(await status(first.contactId)).toBe("subscribed");
    expect(await applyDeliveryEvent(bounce(third))).toBe("applied");
    expect(await status(first.contactId)).toBe("bounced");
    expect((await emailEvents(second.id)).map((e) => e.rule)).toEqual([null]);
    expect((await emailEvents(third.id)).map((e) => e.rule)).toEqual(["soft_bounces"]);
    const rows = await timeline(first.contactId);
    expect(rows.map((a) => [a.data.softBounces, a.data.windowDays, a.data.rule ?? null])).toEqual([
      [1, 15, null],
      [1, 15, null],
      [2, 15, null],
      [3, 15, "soft_bounces"],
    ]);
    await drain();
    const suppressedBy = await sql<{ suppressedBy: string | null }>(
      `SELECT "suppressedBy" FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`,
      [b.id],
    );
    expect(suppressedBy.map((r) => r.suppressedBy)).toEqual([null, null, "soft_bounces"]);
  });

  it("applies a keyed event once", async () => {
    const r = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
    const event = bounce(r, { bounceType: "hard" });
    expect(await applyDeliveryEvent(event)).toBe("applied");
    expect(await applyDeliveryEvent(event)).toBe("duplicate");
    expect(await emailEvents(r.id)).toHaveLength(1);
    expect(await sql(`SELECT 1 FROM "ContactBounce" WHERE "contactId" = $1`, [r.contactId])).toHaveLength(1);
    // The same provider key from another source is another event.
    expect(await applyDeliveryEvent({ ...event, source: "postmark" })).toBe("applied");
  });

  it("never matches another workspace's recipient when the workspace is given", async () => {
    const other = (await makeWorkspace()).id;
    const r = (await makeSentBroadcast({ workspaceId: other, count: 1 })).recipients[0]!;
    for (const match of [{ recipientId: r.id }, { providerMessageId: r.providerMessageId }])
      expect(await applyDeliveryEvent(bounce(r, { match, workspaceId, bounceType: "hard" }))).toBe("unmatched");
    expect(await applyDeliveryEvent(bounce(r, { workspaceId: "not-a-uuid" }))).toBe("unmatched");
    expect(await status(r.contactId)).toBe("subscribed");
    expect(await emailEvents(r.id)).toEqual([]);
    // An unmatched event leaves no key behind: the same key may still apply where it matches.
    const key = randomUUID();
    expect(await applyDeliveryEvent(bounce(r, { key, workspaceId, bounceType: "hard" }))).toBe("unmatched");
    expect(await applyDeliveryEvent(bounce(r, { key, workspaceId: other, bounceType: "hard" }))).toBe("applied");
    expect(await status(r.contactId)).toBe("bounced");
  });

  it("matches nothing with text PostgreSQL cannot store, instead of failing", async () => {
    const r = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
    for (const over of [
      { key: "a\u0000b" },
      { detail: "5.1.1 \ud800" },
      { email: `${r.email}\u0000` },
      { match: { providerMessageId: "<x\u0000@y>" } },
    ])
      expect(await applyDeliveryEvent(bounce(r, { bounceType: "hard", ...over }))).toBe("unmatched");
    expect(await status(r.contactId)).toBe("subscribed");
  });

  it("records events of an erased contact's message without touching any contact", async () => {
    const r = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
    await sql(`UPDATE "BroadcastRecipient" SET "contactId" = NULL WHERE id = $1`, [r.id]);
    expect(await applyDeliveryEvent(bounce(r, { bounceType: "hard" }))).toBe("applied");
    expect(await emailEvents(r.id)).toEqual([{ type: "bounced", bounceType: "hard", rule: null }]);
    expect(await status(r.contactId)).toBe("subscribed");
  });

  it("prunes applied-event keys after a month, not before", async () => {
    const old = `test:${randomUUID()}`;
    const fresh = `test:${randomUUID()}`;
    await sql(
      `INSERT INTO "DeliveryEventKey" (key, "createdAt") VALUES ($1, now() - interval '31 days'), ($2, now() - interval '29 days')`,
      [old, fresh],
    );
    expect(await pruneDeliveryEventKeys()).toBeGreaterThanOrEqual(1);
    const left = await sql<{ key: string }>(`SELECT key FROM "DeliveryEventKey" WHERE key IN ($1, $2)`, [old, fresh]);
    expect(left).toEqual([{ key: fresh }]);
  });
});
