// Postmark (HTTP Basic auth), SendGrid (ECDSA-signed Event Webhook), Mailgun (HMAC signature, single-use token) and
// Resend (Svix) webhooks per sending identity: valid and forged credentials, replays, stale timestamps, the
// providers' event types mapped to delivered / bounced (hard or soft) / complained / delayed, matching by the token
// we asked them to echo (echo-headers.ts) or their message id, and another workspace's messages never touched.
import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentRecipient } from "../support/broadcast-rows";
import { acknowledged, contactStatus, eventCount, makeIdentity, post } from "../support/provider-webhooks";

const eventTypes = (recipientId: bigint) =>
  sql<{ type: string; bounceType: string | null }>(
    `SELECT type, "bounceType" FROM "EmailEvent" WHERE "recipientId" = $1 ORDER BY seq`,
    [recipientId],
  );

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});
const recipients = async (count: number) => (await makeSentBroadcast({ workspaceId, count })).recipients;

describe("Postmark", () => {
  const PASSWORD = randomBytes(18).toString("base64url");
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`,
  });
  const bounce = (r: SentRecipient, Type: string, over: Record<string, unknown> = {}) => ({
    RecordType: "Bounce",
    ID: Math.floor(Math.random() * 1e12),
    Type,
    MessageID: randomUUID(),
    Email: r.email,
    Description: "The server was unable to deliver your message",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist",
    Metadata: { sendwell_token: r.token },
    ...over,
  });
  let identity: string;
  beforeAll(async () => {
    identity = await makeIdentity(workspaceId, "postmark", PASSWORD);
  });

  it("maps bounce types (hard, soft, not a bounce), spam complaints and deliveries", async () => {
    const [hard, soft, auto, spam, delivered] = (await recipients(5)) as SentRecipient[];
    const auth = basic("sendwell", PASSWORD);
    expect((await post("postmark", identity, bounce(hard!, "HardBounce"), auth)).body).toEqual(acknowledged(1));
    expect((await post("postmark", identity, bounce(soft!, "SpamNotification"), auth)).body).toEqual(acknowledged(1));
    expect((await post("postmark", identity, bounce(auto!, "AutoResponder"), auth)).body).toEqual(acknowledged(0));
    const complaint = { ...bounce(spam!, "SpamComplaint"), RecordType: "SpamComplaint" };
    expect((await post("postmark", identity, complaint, auth)).body).toEqual(acknowledged(1));
    // No token: found by Postmark's MessageID, stored as the provider message id.
    const delivery = { RecordType: "Delivery", MessageID: delivered!.providerMessageId, Recipient: delivered!.email };
    expect((await post("postmark", identity, delivery, auth)).body).toEqual(acknowledged(1));
    expect(await contactStatus(hard!.contactId)).toBe("bounced");
    expect(await contactStatus(soft!.contactId)).toBe("subscribed");
    expect(await contactStatus(auto!.contactId)).toBe("subscribed");
    expect(await contactStatus(spam!.contactId)).toBe("complained");
    expect(await eventTypes(soft!.id)).toEqual([{ type: "bounced", bounceType: "soft" }]);
    expect(await eventTypes(delivered!.id)).toEqual([{ type: "delivered", bounceType: null }]);
    // A retried bounce (same ID) applies once.
    const again = bounce(soft!, "Transient");
    await post("postmark", identity, again, auth);
    expect((await post("postmark", identity, again, auth)).body).toEqual(acknowledged(0, 1));
  });

  it("refuses a wrong user or password, or none, with a 401; a forged token matches nothing", async () => {
    const [r] = (await recipients(1)) as SentRecipient[];
    for (const headers of [basic("sendwell", "wrong"), basic("admin", PASSWORD), {}, { authorization: "Bearer x" }]) {
      const res = await post("postmark", identity, bounce(r!, "HardBounce"), headers);
      expect(res.status).toBe(401);
      expect(res.type).toBe("application/problem+json");
    }
    const forged = bounce(r!, "HardBounce", {
      Metadata: { sendwell_token: `${r!.token.split(".")[0]}.AAAAAAAAAAAAAAAA` },
    });
    expect((await post("postmark", identity, forged, basic("sendwell", PASSWORD))).body).toEqual(acknowledged(0, 0, 1));
    expect(await contactStatus(r!.contactId)).toBe("subscribed");
  });
});

describe("SendGrid", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const verificationKey = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const signed = (body: string, at = Date.now(), key = privateKey) => {
    const timestamp = String(Math.floor(at / 1000));
    return {
      "x-twilio-email-event-webhook-timestamp": timestamp,
      "x-twilio-email-event-webhook-signature": sign("sha256", Buffer.from(timestamp + body), key).toString("base64"),
    };
  };
  const event = (r: SentRecipient, name: string, over: Record<string, unknown> = {}) => ({
    email: r.email,
    timestamp: Math.floor(Date.now() / 1000),
    event: name,
    sg_event_id: randomUUID(),
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    sendwell_token: r.token,
    ...over,
  });
  let identity: string;
  beforeAll(async () => {
    identity = await makeIdentity(workspaceId, "sendgrid", verificationKey);
  });

  it("applies a signed batch: bounce (hard), blocked (soft), deferred, delivered, spamreport; dropped ignored", async () => {
    const [a, b, c, d] = (await recipients(4)) as SentRecipient[];
    const batch = [
      event(a!, "bounce", { type: "bounce", status: "5.1.1", reason: "550 5.1.1 user unknown" }),
      event(b!, "bounce", { type: "blocked", status: "5.7.1", reason: "blocked by policy" }),
      event(c!, "deferred", { response: "400 try again later" }),
      // No token: SendGrid's smtp-id is the Message-ID we stored.
      event(c!, "delivered", { sendwell_token: undefined, "smtp-id": c!.providerMessageId }),
      event(d!, "spamreport"),
      event(d!, "dropped", { reason: "Bounced Address" }),
      event(d!, "open"),
    ];
    const body = JSON.stringify(batch);
    expect((await post("sendgrid", identity, body, signed(body))).body).toEqual(acknowledged(5));
    expect(await contactStatus(a!.contactId)).toBe("bounced");
    expect(await contactStatus(b!.contactId)).toBe("subscribed");
    expect(await contactStatus(d!.contactId)).toBe("complained");
    expect(await eventTypes(b!.id)).toEqual([{ type: "bounced", bounceType: "soft" }]);
    expect(await eventTypes(c!.id)).toEqual([
      { type: "delayed", bounceType: null },
      { type: "delivered", bounceType: null },
    ]);
    // Replayed with a fresh signature: every event is a duplicate by its sg_event_id.
    expect((await post("sendgrid", identity, body, signed(body))).body).toEqual(acknowledged(0, 5));
  });

  it("refuses forged, tampered, stale and unsigned posts with a 401; a body that is not an array with a 400", async () => {
    const [r] = (await recipients(1)) as SentRecipient[];
    const body = JSON.stringify([event(r!, "bounce", { type: "bounce" })]);
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;
    const tampered = body.replace('"bounce"', '"spamreport"');
    const cases: [string, Record<string, string>][] = [
      [body, signed(body, Date.now(), other)],
      [tampered, signed(body)],
      [body, signed(body, Date.now() - 20 * 60_000)],
      [body, {}],
      [body, { ...signed(body), "x-twilio-email-event-webhook-signature": "not base64 !!" }],
    ];
    for (const [payload, headers] of cases)
      expect((await post("sendgrid", identity, payload, headers)).status).toBe(401);
    expect(await eventCount(r!.id)).toBe(0);
    const object = JSON.stringify({ event: "bounce" });
    expect((await post("sendgrid", identity, object, signed(object))).status).toBe(400);
  });
});

describe("Mailgun", () => {
  const SIGNING_KEY = `key-${randomBytes(16).toString("hex")}`;
  const signature = (at = Date.now(), key = SIGNING_KEY) => {
    const timestamp = String(Math.floor(at / 1000));
    const token = randomBytes(25).toString("hex");
    return {
      timestamp,
      token,
      signature: createHmac("sha256", key)
        .update(timestamp + token)
        .digest("hex"),
    };
  };
  const body = (r: SentRecipient, data: Record<string, unknown>, sig = signature()) => ({
    signature: sig,
    "event-data": {
      id: randomUUID(),
      recipient: r.email,
      "user-variables": { sendwell_token: r.token },
      message: { headers: { "message-id": r.providerMessageId.replace(/^<|>$/g, "") } },
      ...data,
    },
  });
  let identity: string;
  beforeAll(async () => {
    identity = await makeIdentity(workspaceId, "mailgun", SIGNING_KEY);
  });

  it("maps failed (permanent = hard, temporary = soft), complained and delivered", async () => {
    const [hard, soft, spam, ok] = (await recipients(4)) as SentRecipient[];
    const failed = (severity: string) => ({
      event: "failed",
      severity,
      "delivery-status": { code: severity === "permanent" ? 550 : 452, message: "mailbox says no" },
    });
    expect((await post("mailgun", identity, body(hard!, failed("permanent")))).body).toEqual(acknowledged(1));
    expect((await post("mailgun", identity, body(soft!, failed("temporary")))).body).toEqual(acknowledged(1));
    expect((await post("mailgun", identity, body(spam!, { event: "complained" }))).body).toEqual(acknowledged(1));
    // Matched by the Message-ID header (without its angle brackets) when no token came back.
    const delivered = body(ok!, { event: "delivered", "user-variables": {} });
    expect((await post("mailgun", identity, delivered)).body).toEqual(acknowledged(1));
    expect(await contactStatus(hard!.contactId)).toBe("bounced");
    expect(await contactStatus(soft!.contactId)).toBe("subscribed");
    expect(await contactStatus(spam!.contactId)).toBe("complained");
    expect(await eventTypes(ok!.id)).toEqual([{ type: "delivered", bounceType: null }]);
    expect(await eventTypes(soft!.id)).toEqual([{ type: "bounced", bounceType: "soft" }]);
  });

  it("refuses forged and stale signatures; a replayed request (same token) changes nothing", async () => {
    const [r] = (await recipients(1)) as SentRecipient[];
    const permanent = { event: "failed", severity: "permanent" };
    const forged = body(r!, permanent, signature(Date.now(), "key-wrong"));
    const stale = body(r!, permanent, signature(Date.now() - 20 * 60_000));
    const unsigned = { "event-data": body(r!, permanent)["event-data"] };
    for (const request of [forged, stale, unsigned])
      expect((await post("mailgun", identity, request)).status).toBe(401);
    expect(await eventCount(r!.id)).toBe(0);
    const delivered = body(r!, { event: "delivered" });
    expect((await post("mailgun", identity, delivered)).body).toEqual(acknowledged(1));
    // The same signature and token with another event: a replay, refused before it is read.
    const replay = { ...body(r!, permanent), signature: delivered.signature };
    expect((await post("mailgun", identity, replay)).body).toEqual(acknowledged(0, 1));
    expect(await contactStatus(r!.contactId)).toBe("subscribed");
  });
});

describe("Resend per identity, and identities of another workspace", () => {
  const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
  const svix = (payload: string, secret = SECRET) => {
    const id = `msg_${randomUUID()}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${payload}`).digest("base64");
    return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
  };

  it("applies with the identity's secret, and only to its own workspace's messages", async () => {
    const identity = await makeIdentity(workspaceId, "resend", SECRET);
    const [mine] = (await recipients(1)) as SentRecipient[];
    const other = (await makeWorkspace()).id;
    const [theirs] = (await makeSentBroadcast({ workspaceId: other, count: 1 })).recipients as SentRecipient[];
    const bounce = (r: SentRecipient) =>
      JSON.stringify({
        type: "email.bounced",
        data: { email_id: r.providerMessageId, to: [r.email], bounce: { type: "Permanent" } },
      });
    expect((await post("resend", identity, bounce(mine!), svix(bounce(mine!)))).body).toEqual(acknowledged(1));
    expect((await post("resend", identity, bounce(theirs!), svix(bounce(theirs!)))).body).toEqual(
      acknowledged(0, 0, 1),
    );
    expect(await contactStatus(mine!.contactId)).toBe("bounced");
    expect(await contactStatus(theirs!.contactId)).toBe("subscribed");
    const forged = svix(bounce(mine!), `whsec_${randomBytes(24).toString("base64")}`);
    expect((await post("resend", identity, bounce(mine!), forged)).status).toBe(401);
    // A token of another workspace's recipient, sent to this workspace's Postmark URL, matches nothing either.
    const postmark = await makeIdentity(workspaceId, "postmark", "pw");
    const auth = { authorization: `Basic ${Buffer.from("sendwell:pw").toString("base64")}` };
    const foreign = {
      RecordType: "Bounce",
      ID: 1,
      Type: "HardBounce",
      Email: theirs!.email,
      Metadata: { sendwell_token: theirs!.token },
    };
    expect((await post("postmark", postmark, foreign, auth)).body).toEqual(acknowledged(0, 0, 1));
    expect(await contactStatus(theirs!.contactId)).toBe("subscribed");
  });
});
