// The one write path of delivery events (server/deliverability/apply-delivery-event.ts) and the workspace's rules:
// a hard bounce suppresses at once, N soft bounces of different messages within D days do, a complaint unsubscribes
// and suppresses; each event applies once by its key; a report naming another address, or a message of another
// workspace, changes nothing; the rollup tells the broadcast report and the timeline which rule acted.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { applyDeliveryEvent, type DeliveryEvent } from "@/server/deliverability/apply-delivery-event";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentRecipient } from "../support/broadcast-rows";

let workspaceId: string;
let contact: SentRecipient;

beforeEach(async () => {
  workspaceId = (await makeWorkspace()).id;
  contact = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
});

/** Another sent message (a broadcast of its own) to the same contact; its recipient row id. */
async function anotherMessage(to: SentRecipient = contact, ws = workspaceId): Promise<bigint> {
  const broadcastId = randomUUID();
  await sql(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "fromEmail", "updatedAt")
     VALUES ($1, $2, 'Again', 'sent', 'Again', 'news@example.com', now())`,
    [broadcastId, ws],
  );
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status,
                                       "providerMessageId", "sentAt")
     VALUES ($1, $2, $3, $4, 0, 'sent', $5, now()) RETURNING id`,
    [broadcastId, ws, to.contactId, to.email, `<${randomUUID()}@example.com>`],
  );
  return BigInt(row!.id);
}

const bounce = (recipientId: bigint, over: Partial<DeliveryEvent> = {}): DeliveryEvent => ({
  source: "mailbox",
  key: randomUUID(),
  kind: "bounced",
  bounceType: "soft",
  detail: "4.2.2 mailbox full",
  match: { recipientId },
  ...over,
});

const status = async (id = contact.contactId) =>
  (await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [id]))[0]?.status;

describe("deliverability rules", () => {
  it("suppresses on a hard bounce at once, and says the hard-bounce rule acted", async () => {
    expect(await applyDeliveryEvent(bounce(contact.id, { bounceType: "hard", detail: "5.1.1 user unknown" }))).toBe(
      "applied",
    );
    expect(await status()).toBe("bounced");
    await drain();
    const [r] = await sql(`SELECT "bounceType", "suppressedBy" FROM "BroadcastRecipient" WHERE id = $1`, [contact.id]);
    expect(r).toEqual({ bounceType: "hard", suppressedBy: "hard_bounce" });
    const [a] = await sql<{ data: unknown }>(
      `SELECT data FROM "ContactActivity" WHERE "contactId" = $1 AND type = 'email.bounced'`,
      [contact.contactId],
    );
    expect(a?.data).toEqual({
      bounceType: "hard",
      source: "mailbox",
      rule: "hard_bounce",
      detail: "5.1.1 user unknown",
    });
  });

  it("suppresses on the workspace's Nth soft bounce of different messages within its window, not before", async () => {
    await sql(`UPDATE "Workspace" SET "softBounceLimit" = 3, "softBounceWindowDays" = 15 WHERE id = $1`, [workspaceId]);
    await applyDeliveryEvent(bounce(contact.id));
    await applyDeliveryEvent(bounce(contact.id)); // a second report about the same message counts once
    const second = await anotherMessage();
    await applyDeliveryEvent(bounce(second));
    expect(await status()).toBe("subscribed");
    const third = await anotherMessage();
    await applyDeliveryEvent(bounce(third));
    expect(await status()).toBe("bounced");
    await drain();
    const [r] = await sql(`SELECT "bounceType", "suppressedBy" FROM "BroadcastRecipient" WHERE id = $1`, [third]);
    expect(r).toEqual({ bounceType: "soft", suppressedBy: "soft_bounces" });
    const [first] = await sql(`SELECT "suppressedBy" FROM "BroadcastRecipient" WHERE id = $1`, [contact.id]);
    expect(first).toEqual({ suppressedBy: null });
  });

  it("counts only soft bounces inside the window, with the workspace's own limit", async () => {
    await sql(`UPDATE "Workspace" SET "softBounceLimit" = 2, "softBounceWindowDays" = 7 WHERE id = $1`, [workspaceId]);
    await applyDeliveryEvent(bounce(contact.id));
    await sql(`UPDATE "ContactBounce" SET "createdAt" = now() - interval '8 days' WHERE "contactId" = $1`, [
      contact.contactId,
    ]);
    await applyDeliveryEvent(bounce(await anotherMessage()));
    expect(await status()).toBe("subscribed");
    await applyDeliveryEvent(bounce(await anotherMessage()));
    expect(await status()).toBe("bounced");
  });

  it("unsubscribes and suppresses on a complaint", async () => {
    await sql(`UPDATE "Contact" SET status = 'unsubscribed' WHERE id = $1`, [contact.contactId]);
    expect(
      await applyDeliveryEvent({ ...bounce(contact.id), kind: "complained", bounceType: null, detail: null }),
    ).toBe("applied");
    expect(await status()).toBe("complained");
    await drain();
    const [r] = await sql(`SELECT "suppressedBy" FROM "BroadcastRecipient" WHERE id = $1`, [contact.id]);
    expect(r).toEqual({ suppressedBy: "complaint" });
  });

  it("keeps an unsubscribed contact's status on a hard bounce: no rule acted", async () => {
    await sql(`UPDATE "Contact" SET status = 'unsubscribed' WHERE id = $1`, [contact.contactId]);
    await applyDeliveryEvent(bounce(contact.id, { bounceType: "hard" }));
    expect(await status()).toBe("unsubscribed");
    await drain();
    const [r] = await sql(`SELECT "bounceType", "suppressedBy" FROM "BroadcastRecipient" WHERE id = $1`, [contact.id]);
    expect(r).toEqual({ bounceType: "hard", suppressedBy: null });
  });

  it("applies an event once by its key, even when two copies arrive together", async () => {
    const event = bounce(contact.id, { key: "dsn-1|ann@example.com", bounceType: "hard" });
    const outcomes = await Promise.all([applyDeliveryEvent(event), applyDeliveryEvent(event)]);
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
    expect(await applyDeliveryEvent(event)).toBe("duplicate");
    const events = await sql(`SELECT 1 FROM "EmailEvent" WHERE "recipientId" = $1`, [contact.id]);
    expect(events).toHaveLength(1);
    const counted = await sql(`SELECT 1 FROM "ContactBounce" WHERE "contactId" = $1`, [contact.contactId]);
    expect(counted).toHaveLength(1);
  });

  it("ignores a report naming another address, another workspace's message, or an unknown message id", async () => {
    const hard = { bounceType: "hard" as const };
    expect(await applyDeliveryEvent(bounce(contact.id, { ...hard, email: "someone-else@example.com" }))).toBe(
      "unmatched",
    );
    const elsewhere = (await makeWorkspace()).id;
    expect(await applyDeliveryEvent(bounce(contact.id, { ...hard, workspaceId: elsewhere }))).toBe("unmatched");
    expect(await applyDeliveryEvent(bounce(contact.id, { ...hard, match: { providerMessageId: "nope" } }))).toBe(
      "unmatched",
    );
    expect(await status()).toBe("subscribed");
    expect(await sql(`SELECT 1 FROM "EmailEvent" WHERE "recipientId" = $1`, [contact.id])).toEqual([]);
    // The same address in another case, and the message id with or without its angle brackets, do match.
    const [row] = await sql<{ providerMessageId: string }>(
      `UPDATE "BroadcastRecipient" SET "providerMessageId" = '<abc@mail.example.com>' WHERE id = $1
       RETURNING "providerMessageId"`,
      [contact.id],
    );
    expect(row?.providerMessageId).toBe("<abc@mail.example.com>");
    expect(
      await applyDeliveryEvent(
        bounce(contact.id, {
          ...hard,
          match: { providerMessageId: "abc@mail.example.com" },
          email: contact.email.toUpperCase(),
          workspaceId,
        }),
      ),
    ).toBe("applied");
    expect(await status()).toBe("bounced");
  });
});
