// Resend delivery webhooks: Svix signatures (good, forged, stale), events for our messages applied by the rollup,
// hard bounces and complaints suppressing the contact at once, unknown message ids acknowledged and ignored.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const previousSecret = process.env.RESEND_WEBHOOK_SECRET;

/** Signs like Svix does: HMAC-SHA256 over "id.timestamp.body" with the base64 key after "whsec_". */
function sign(body: string, { secret = SECRET, at = Date.now() } = {}) {
  const id = `msg_${randomUUID()}`;
  const timestamp = String(Math.floor(at / 1000));
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
}

async function deliver(event: unknown, headers?: Record<string, string>) {
  const body = JSON.stringify(event);
  const res = await resendWebhook(
    new Request("http://sendwell.test/api/webhooks/resend", {
      method: "POST",
      headers: { "content-type": "application/json", ...(headers ?? sign(body)) },
      body,
    }),
  );
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
}

/** `emailId` is the recipient's provider message id: the event names its address (`to`) like Resend does. */
let addressOf: (emailId: string) => string = () => "x@example.com";
const resendEvent = (type: string, emailId: string, extra: Record<string, unknown> = {}) => ({
  type,
  created_at: new Date().toISOString(),
  data: {
    email_id: emailId,
    created_at: new Date().toISOString(),
    from: "news@example.com",
    to: [`Ann <${addressOf(emailId)}>`],
    subject: "Hello",
    ...extra,
  },
});

let rememberAddress: (r: { providerMessageId: string; email: string }) => void = () => {};

const contactStatus = async (id: string) =>
  (await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [id]))[0]?.status;

describe("Resend webhooks", () => {
  let b: SentBroadcast;
  let workspaceId: string;
  beforeAll(async () => {
    process.env.RESEND_WEBHOOK_SECRET = SECRET;
    workspaceId = (await makeWorkspace()).id;
    b = await makeSentBroadcast({ workspaceId, count: 5 });
    const addresses = new Map<string, string>();
    addressOf = (emailId) => {
      const known = b.recipients.find((r) => r.providerMessageId === emailId)?.email ?? addresses.get(emailId);
      return known ?? "x@example.com";
    };
    rememberAddress = (r) => addresses.set(r.providerMessageId, r.email);
  });
  afterAll(() => {
    if (previousSecret === undefined) delete process.env.RESEND_WEBHOOK_SECRET;
    else process.env.RESEND_WEBHOOK_SECRET = previousSecret;
  });

  it("refuses forged, re-signed, stale and unsigned requests with a 401 problem, recording nothing", async () => {
    const event = resendEvent("email.bounced", b.recipients[0]!.providerMessageId, { bounce: { type: "Permanent" } });
    const body = JSON.stringify(event);
    const forged = sign(body, { secret: `whsec_${randomBytes(24).toString("base64")}` });
    const stale = sign(body, { at: Date.now() - 6 * 60_000 });
    const tampered = { ...sign(JSON.stringify({ ...event, type: "email.delivered" })) };
    for (const headers of [forged, stale, tampered, {}]) {
      const res = await deliver(event, headers);
      expect(res.status).toBe(401);
      expect(res.type).toBe("application/problem+json");
      expect(res.body).toMatchObject({ status: 401, instance: "/api/webhooks/resend" });
    }
    expect(await sql(`SELECT 1 FROM "EmailEvent" WHERE "broadcastId" = $1`, [b.id])).toEqual([]);
    expect(await contactStatus(b.recipients[0]!.contactId)).toBe("subscribed");
  });

  it("acknowledges unknown message ids and event types without recording anything", async () => {
    expect((await deliver(resendEvent("email.delivered", "not-ours"))).body).toEqual({
      received: true,
      applied: 0,
      duplicate: 0,
      ignored: 1,
    });
    // Resend's own opens are not delivery events: nothing to apply.
    expect((await deliver(resendEvent("email.opened", b.recipients[0]!.providerMessageId))).body).toEqual({
      received: true,
      applied: 0,
      duplicate: 0,
      ignored: 0,
    });
    expect(await sql(`SELECT 1 FROM "EmailEvent" WHERE "broadcastId" = $1`, [b.id])).toEqual([]);
  });

  it("applies deliveries, bounces, complaints and delays; suppresses hard bounces and complaints at once", async () => {
    const [r0, r1, r2, r3, r4] = b.recipients as [SentBroadcast["recipients"][number], ...SentBroadcast["recipients"]];
    const accepted = async (event: unknown) =>
      expect((await deliver(event)).body).toEqual({ received: true, applied: 1, duplicate: 0, ignored: 0 });
    await accepted(resendEvent("email.delivered", r0.providerMessageId));
    await accepted(resendEvent("email.delivered", r0.providerMessageId)); // Svix retries: counted once
    await accepted(resendEvent("email.delivered", r1!.providerMessageId));
    await accepted(
      resendEvent("email.bounced", r2!.providerMessageId, {
        bounce: { type: "Permanent", subType: "General", message: "No such user" },
      }),
    );
    await accepted(
      resendEvent("email.bounced", r3!.providerMessageId, { bounce: { type: "Transient", subType: "MailboxFull" } }),
    );
    await accepted(resendEvent("email.complained", r1!.providerMessageId));
    await accepted(resendEvent("email.delivery_delayed", r4!.providerMessageId));

    // Suppression does not wait for the rollup: audiences only take subscribed contacts.
    expect(await contactStatus(r2!.contactId)).toBe("bounced");
    expect(await contactStatus(r1!.contactId)).toBe("complained");
    expect(await contactStatus(r3!.contactId)).toBe("subscribed"); // a soft bounce suppresses nothing
    expect(await contactStatus(r0.contactId)).toBe("subscribed");

    await drain();
    const [stats] = await sql(
      `SELECT delivered, bounced, "hardBounces", "softBounces", complained FROM "BroadcastStats" WHERE "broadcastId" = $1`,
      [b.id],
    );
    expect(stats).toEqual({ delivered: 2, bounced: 2, hardBounces: 1, softBounces: 1, complained: 1 });
    const recipients = await sql(
      `SELECT "deliveredAt" IS NOT NULL AS delivered, "bounceType", "complainedAt" IS NOT NULL AS complained
         FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`,
      [b.id],
    );
    expect(recipients).toEqual([
      { delivered: true, bounceType: null, complained: false },
      { delivered: true, bounceType: null, complained: true },
      { delivered: false, bounceType: "hard", complained: false },
      { delivered: false, bounceType: "soft", complained: false },
      { delivered: false, bounceType: null, complained: false },
    ]);
    const activity = await sql<{ contactId: string; type: string; data: unknown }>(
      `SELECT "contactId", type, data FROM "ContactActivity" WHERE "broadcastId" = $1 ORDER BY seq`,
      [b.id],
    );
    expect(
      activity.map((a) => [b.recipients.findIndex((r) => r.contactId === a.contactId), a.type, a.data]).sort(),
    ).toEqual(
      [
        [0, "email.delivered", {}],
        [1, "email.complained", { source: "resend", rule: "complaint" }],
        [1, "email.delivered", {}],
        [
          2,
          "email.bounced",
          {
            bounceType: "hard",
            source: "resend",
            rule: "hard_bounce",
            detail: "Permanent: General: No such user",
          },
        ],
        [
          3,
          "email.bounced",
          { bounceType: "soft", source: "resend", softBounces: 1, windowDays: 15, detail: "Transient: MailboxFull" },
        ],
      ].sort(),
    );
    const events = await sql<{ type: string; payload: Record<string, unknown> }>(
      `SELECT type, payload FROM "Event" WHERE "workspaceId" = $1 ORDER BY seq`,
      [workspaceId],
    );
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        "contact.updated",
        "contact.updated",
        "email.bounced",
        "email.bounced",
        "email.complained",
        "email.delivered",
        "email.delivered",
      ].sort(),
    );
    expect(events.find((e) => e.type === "email.bounced" && e.payload.bounceType === "hard")?.payload).toEqual({
      broadcastId: b.id,
      contactId: r2!.contactId,
      email: r2!.email,
      bounceType: "hard",
      rule: "hard_bounce",
      detail: "Permanent: General: No such user",
    });
  });

  it("moves a soft bounce to hard when the address later bounces for good, keeping bounced = hard + soft", async () => {
    const other = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = other.recipients[0]!;
    rememberAddress(r);
    await deliver(resendEvent("email.bounced", r.providerMessageId, { bounce: { type: "Transient" } }));
    await drain();
    await deliver(resendEvent("email.bounced", r.providerMessageId, { bounce: { type: "Permanent" } }));
    await drain();
    const [stats] = await sql(
      `SELECT bounced, "hardBounces", "softBounces" FROM "BroadcastStats" WHERE "broadcastId" = $1`,
      [other.id],
    );
    expect(stats).toEqual({ bounced: 1, hardBounces: 1, softBounces: 0 });
    expect(await contactStatus(r.contactId)).toBe("bounced");
  });

  it("applies a retried event once, and ignores an event naming another address", async () => {
    const other = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = other.recipients[0]!;
    const event = resendEvent("email.bounced", r.providerMessageId, { bounce: { type: "Permanent" } });
    const misaddressed = { ...event, data: { ...event.data, to: ["someone-else@example.com"] } };
    expect((await deliver(misaddressed)).body).toEqual({ received: true, applied: 0, duplicate: 0, ignored: 1 });
    expect(await contactStatus(r.contactId)).toBe("subscribed");
    rememberAddress(r);
    const body = JSON.stringify(resendEvent("email.bounced", r.providerMessageId, { bounce: { type: "Permanent" } }));
    const headers = sign(body);
    expect((await deliver(JSON.parse(body), headers)).body).toEqual({
      received: true,
      applied: 1,
      duplicate: 0,
      ignored: 0,
    });
    expect((await deliver(JSON.parse(body), headers)).body).toEqual({
      received: true,
      applied: 0,
      duplicate: 1,
      ignored: 0,
    });
    expect(await sql(`SELECT 1 FROM "EmailEvent" WHERE "recipientId" = $1`, [r.id])).toHaveLength(1);
    expect(await contactStatus(r.contactId)).toBe("bounced");
  });
});
