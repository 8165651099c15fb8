// Amazon SES through SNS (/api/webhooks/ses/<identityId>): SNS signatures v1 (SHA1) and v2 (SHA256) checked with a
// certificate that must come from an SNS host (a self-signed one here, served by a stand-in for the internet),
// fetched once; the identity's topic; stale and replayed messages; the subscription confirmation; both SES shapes
// (notification and event publishing); matching by echoed token or Message-ID; hostile bodies answered 4xx.
import { execFileSync } from "node:child_process";
import { createPrivateKey, createSign, randomUUID, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { canonicalString, useSnsGet } from "@/server/deliverability/webhooks/sns";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentRecipient } from "../support/broadcast-rows";
import { acknowledged, contactStatus, eventCount, makeIdentity, post } from "../support/provider-webhooks";

const TOPIC = "arn:aws:sns:us-east-1:123456789012:sendwell-bounces";
const CERT_URL = "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0123456789abcdef.pem";
const SUBSCRIBE_URL = `https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;

/** A self-signed certificate and its key, made with openssl the way SNS's would look. */
function makeCertificate(): { cert: string; key: KeyObject } {
  const dir = mkdtempSync(path.join(tmpdir(), "sns-cert-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    const subject = "/CN=sns.amazonaws.com";
    const args = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", subject, "-keyout", key];
    execFileSync("openssl", [...args, "-out", cert], { stdio: "ignore" });
    return {
      cert: readFileSync(cert, "utf8"),
      key: createPrivateKey(readFileSync(key)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let real: { cert: string; key: KeyObject };
let forger: { cert: string; key: KeyObject };
const gets: string[] = [];

function signed(fields: Record<string, string>, { version = "2", key = real.key, certUrl = CERT_URL } = {}) {
  const message: Record<string, string> = {
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: certUrl,
    ...fields,
  };
  const signer = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256");
  signer.update(canonicalString(message));
  return { ...message, Signature: signer.sign(key, "base64") };
}

const notification = (ses: unknown, over: Record<string, string> = {}) =>
  signed({ Type: "Notification", Message: JSON.stringify(ses), ...over });

const mail = (r: SentRecipient, extra: Record<string, unknown> = {}) => ({
  messageId: `0100018c-${randomUUID()}-000000`,
  destination: [r.email],
  commonHeaders: { messageId: r.providerMessageId, to: [r.email] },
  ...extra,
});

const bounceOf = (r: SentRecipient, bounceType = "Permanent", extra: Record<string, unknown> = {}) => ({
  notificationType: "Bounce",
  bounce: {
    bounceType,
    bounceSubType: "General",
    bouncedRecipients: [{ emailAddress: r.email, status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
  },
  mail: mail(r),
  ...extra,
});

describe("SES webhooks through SNS", () => {
  let workspaceId: string;
  let identity: string;
  beforeAll(async () => {
    real = makeCertificate();
    forger = makeCertificate();
    useSnsGet(async (url) => {
      gets.push(url);
      if (url === CERT_URL) return { status: 200, body: real.cert };
      if (url === SUBSCRIBE_URL) return { status: 200, body: "<ConfirmSubscriptionResponse/>" };
      return { status: 404, body: "" };
    });
    workspaceId = (await makeWorkspace()).id;
    identity = await makeIdentity(workspaceId, "ses", TOPIC);
  });
  afterAll(() => useSnsGet(null));

  it("confirms the subscription once verified, by a GET of SubscribeURL on SNS's host", async () => {
    const confirmation = signed({
      Type: "SubscriptionConfirmation",
      Message: "confirm",
      SubscribeURL: SUBSCRIBE_URL,
      Token: "abc",
    });
    const res = await post("ses", identity, confirmation, { "content-type": "text/plain; charset=UTF-8" });
    expect(res).toMatchObject({ status: 200, body: { received: true, confirmed: true } });
    expect(gets.filter((u) => u === SUBSCRIBE_URL)).toHaveLength(1);
    // A SubscribeURL elsewhere is never called, even when the message is signed.
    const evil = signed({
      Type: "SubscriptionConfirmation",
      Message: "x",
      SubscribeURL: "https://evil.example/",
      Token: "t",
    });
    expect((await post("ses", identity, evil)).status).toBe(400);
    expect(gets).not.toContain("https://evil.example/");
  });

  it("applies a Permanent bounce (SignatureVersion 1 and 2) matched by Message-ID, and a complaint", async () => {
    const b = await makeSentBroadcast({ workspaceId, count: 3 });
    const [r0, r1, r2] = b.recipients as [SentRecipient, SentRecipient, SentRecipient];
    expect((await post("ses", identity, notification(bounceOf(r0)))).body).toEqual(acknowledged(1));
    const v1 = signed({ Type: "Notification", Message: JSON.stringify(bounceOf(r1)) }, { version: "1" });
    expect((await post("ses", identity, v1)).body).toEqual(acknowledged(1));
    const complaint = {
      notificationType: "Complaint",
      complaint: { complainedRecipients: [{ emailAddress: r2.email }], complaintFeedbackType: "abuse" },
      mail: { ...mail(r2), commonHeaders: undefined, headers: [{ name: "Message-ID", value: r2.providerMessageId }] },
    };
    expect((await post("ses", identity, notification(complaint))).body).toEqual(acknowledged(1));
    expect(await contactStatus(r0.contactId)).toBe("bounced");
    expect(await contactStatus(r1.contactId)).toBe("bounced");
    expect(await contactStatus(r2.contactId)).toBe("complained");
    const [timeline] = await sql<{ data: unknown }>(
      `SELECT data FROM "ContactActivity" WHERE "contactId" = $1 AND type = 'email.bounced'`,
      [r0.contactId],
    );
    expect(timeline!.data).toMatchObject({
      source: "ses",
      rule: "hard_bounce",
      detail: "5.1.1 smtp; 550 5.1.1 user unknown",
    });
    // The certificate was fetched once for all of them.
    expect(gets.filter((u) => u === CERT_URL)).toHaveLength(1);
  });

  it("reads the event-publishing shape, matching by the echoed token: Transient is soft, delays and deliveries count", async () => {
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = b.recipients[0]!;
    const tagged = mail(r, {
      commonHeaders: { messageId: "<not-ours@example.com>" },
      tags: { sendwell_token: [r.token] },
    });
    const soft = {
      eventType: "Bounce",
      bounce: { bounceType: "Transient", bounceSubType: "MailboxFull", bouncedRecipients: [{ emailAddress: r.email }] },
      mail: tagged,
    };
    const delay = {
      eventType: "DeliveryDelay",
      deliveryDelay: { delayType: "MailboxFull", delayedRecipients: [{ emailAddress: r.email, status: "4.2.2" }] },
      mail: tagged,
    };
    const delivery = { eventType: "Delivery", delivery: { recipients: [r.email] }, mail: tagged };
    for (const event of [soft, delay, delivery])
      expect((await post("ses", identity, notification(event))).body).toEqual(acknowledged(1));
    expect(await contactStatus(r.contactId)).toBe("subscribed");
    const kinds = await sql<{ type: string; bounceType: string | null }>(
      `SELECT type, "bounceType" FROM "EmailEvent" WHERE "recipientId" = $1 ORDER BY seq`,
      [r.id],
    );
    expect(kinds).toEqual([
      { type: "bounced", bounceType: "soft" },
      { type: "delayed", bounceType: null },
      { type: "delivered", bounceType: null },
    ]);
    // Event types we do not use (Send, Open…) are acknowledged.
    expect((await post("ses", identity, notification({ eventType: "Send", mail: tagged }))).body).toEqual(
      acknowledged(0),
    );
  });

  it("refuses forged signatures, foreign certificates, other topics and stale messages with a 401, changing nothing", async () => {
    const r = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
    const body = bounceOf(r);
    const tampered = {
      ...notification(body),
      Message: JSON.stringify({ ...body, bounce: { ...body.bounce, bounceType: "Transient" } }),
    };
    const cases = [
      notification(body, {}),
      tampered,
      signed({ Type: "Notification", Message: JSON.stringify(body) }, { key: forger.key }),
      signed(
        { Type: "Notification", Message: JSON.stringify(body) },
        { certUrl: "https://sns.us-east-1.amazonaws.com.evil.example/c.pem" },
      ),
      signed(
        { Type: "Notification", Message: JSON.stringify(body) },
        { certUrl: "http://sns.us-east-1.amazonaws.com/c.pem" },
      ),
      signed(
        { Type: "Notification", Message: JSON.stringify(body) },
        { certUrl: "https://sns.us-east-1.amazonaws.com/c.txt" },
      ),
      signed({
        Type: "Notification",
        Message: JSON.stringify(body),
        TopicArn: "arn:aws:sns:us-east-1:999999999999:other",
      }),
      signed({
        Type: "Notification",
        Message: JSON.stringify(body),
        Timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      }),
      signed({ Type: "Notification", Message: JSON.stringify(body) }, { version: "3" }),
    ];
    cases[0] = { ...cases[0]!, Signature: Buffer.from("forged").toString("base64") };
    for (const message of cases) {
      const res = await post("ses", identity, message);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.type).toBe("application/problem+json");
    }
    expect(gets.some((u) => u.includes("evil") || u.startsWith("http:") || u.endsWith(".txt"))).toBe(false);
    expect(await contactStatus(r.contactId)).toBe("subscribed");
    expect(await eventCount(r.id)).toBe(0);
  });

  it("applies a replayed message once, ignores mail we did not send and bounces naming someone else", async () => {
    const r = (await makeSentBroadcast({ workspaceId, count: 1 })).recipients[0]!;
    const message = notification(bounceOf(r, "Transient"));
    expect((await post("ses", identity, message)).body).toEqual(acknowledged(1));
    expect((await post("ses", identity, message)).body).toEqual(acknowledged(0, 1));
    expect(await eventCount(r.id)).toBe(1);
    const stranger = { ...r, providerMessageId: "<someone-elses@example.com>", email: "x@example.com" };
    expect((await post("ses", identity, notification(bounceOf(stranger)))).body).toEqual(acknowledged(0, 0, 1));
    const other = bounceOf(r);
    other.bounce.bouncedRecipients[0]!.emailAddress = "someone-else@example.com";
    expect((await post("ses", identity, notification(other))).body).toEqual(acknowledged(0, 0, 1));
    expect(await contactStatus(r.contactId)).toBe("subscribed");
  });

  it("answers hostile and misdirected requests with a 4xx problem, never a 5xx", async () => {
    const other = (await makeWorkspace()).id;
    const postmarkIdentity = await makeIdentity(other, "postmark", "pw");
    const cases: [string, unknown, number][] = [
      [identity, "{not json", 400],
      [identity, "[]", 400],
      [identity, { Type: "Notification" }, 400],
      [identity, { Type: "Notification", MessageId: 1, TopicArn: [], Message: {}, Timestamp: null }, 400],
      [identity, "x".repeat(1_000_001), 413],
      [identity, notification({ notificationType: "Bounce", bounce: "\u0000", mail: null }), 200],
      [randomUUID(), notification({}), 404],
      ["not-a-uuid", notification({}), 404],
      [postmarkIdentity, notification({}), 404],
    ];
    for (const [id, body, expected] of cases) {
      const res = await post("ses", id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(expected);
      if (expected !== 200) expect(res.type).toBe("application/problem+json");
    }
    const noSecret = await makeIdentity(other, "ses", null);
    expect((await post("ses", noSecret, notification({}))).status).toBe(401);
  });
});
