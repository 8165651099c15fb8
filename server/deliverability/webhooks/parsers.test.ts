// The providers' event shapes mapped to delivery events (verification is tested through the routes:
// tests/integration/deliverability-webhook-*.test.ts).
import { describe, expect, it } from "vitest";
import { sesEvents } from "./ses";
import { postmarkAuthorized, postmarkEvents } from "./postmark";
import { sendGridEvents } from "./sendgrid";
import { mailgunEvents, verifyMailgun } from "./mailgun";
import { messageIdForms } from "./provider-event";

describe("SES", () => {
  const mail = { messageId: "ses-1", commonHeaders: { messageId: "<a@x>" }, tags: { sendwell_token: ["t.k"] } };
  it("gives one event per recipient, Permanent hard, Transient and Undetermined soft", () => {
    const bounce = (bounceType: string) =>
      JSON.stringify({
        notificationType: "Bounce",
        bounce: { bounceType, bouncedRecipients: [{ emailAddress: "A@x" }, { emailAddress: "b@x" }, {}] },
        mail,
      });
    expect(sesEvents("sns-1", bounce("Permanent")).map((e) => [e.key, e.bounceType, e.email])).toEqual([
      ["sns-1:a@x", "hard", "A@x"],
      ["sns-1:b@x", "hard", "b@x"],
    ]);
    expect(sesEvents("sns-1", bounce("Undetermined"))[0]).toMatchObject({ bounceType: "soft", token: "t.k" });
    expect(sesEvents("sns-1", bounce("Transient"))[0]!.messageIds).toEqual(["<a@x>", "ses-1"]);
  });
  it("ignores what it cannot read", () => {
    for (const message of ["", "null", "[]", '{"eventType":"Open"}', '{"eventType":"Bounce","bounce":7}'])
      expect(sesEvents("k", message)).toEqual([]);
  });
});

describe("Postmark", () => {
  it("maps its bounce types", () => {
    const kind = (Type: string) => postmarkEvents({ RecordType: "Bounce", ID: 1, Type })[0]?.bounceType ?? "none";
    expect(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"].map(kind)).toEqual(["hard", "hard", "hard"]);
    expect(["Transient", "SoftBounce", "DnsError", "SpamNotification", "Blocked"].map(kind)).toEqual(
      Array(5).fill("soft"),
    );
    expect(["AutoResponder", "Subscribe", "Unsubscribe", "ChallengeVerification", "Bogus"].map(kind)).toEqual(
      Array(5).fill("none"),
    );
    expect(postmarkEvents({ RecordType: "Bounce", ID: 2, Type: "SpamComplaint" })[0]!.kind).toBe("complained");
    expect(postmarkEvents({ RecordType: "Open" })).toEqual([]);
  });
  it("accepts only sendwell:<secret>", () => {
    const basic = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;
    expect(postmarkAuthorized(basic("sendwell:pw"), "pw").ok).toBe(true);
    for (const header of [basic("sendwell:pw2"), basic("other:pw"), basic("sendwell:"), "pw", null])
      expect(postmarkAuthorized(header, "pw").ok).toBe(false);
  });
});

describe("SendGrid", () => {
  it("maps bounce/blocked/deferred/delivered/spamreport and drops the rest", () => {
    const events = sendGridEvents([
      { event: "bounce", type: "bounce" },
      { event: "bounce", type: "blocked" },
      { event: "deferred" },
      { event: "delivered" },
      { event: "spamreport" },
      { event: "dropped" },
      { event: "click" },
      null,
      "x",
    ]);
    expect(events.map((e) => [e.kind, e.bounceType])).toEqual([
      ["bounced", "hard"],
      ["bounced", "soft"],
      ["delayed", null],
      ["delivered", null],
      ["complained", null],
    ]);
  });
});

describe("Mailgun", () => {
  it("maps failed by severity", () => {
    const of = (data: Record<string, unknown>) => mailgunEvents({ "event-data": data })[0];
    expect(of({ event: "failed", severity: "permanent" })).toMatchObject({ kind: "bounced", bounceType: "hard" });
    expect(of({ event: "failed", severity: "temporary" })).toMatchObject({ kind: "bounced", bounceType: "soft" });
    expect(of({ event: "failed" })).toBeUndefined();
    expect(of({ event: "complained" })).toMatchObject({ kind: "complained" });
    expect(of({ event: "opened" })).toBeUndefined();
  });
  it("refuses a signature of the wrong shape without throwing", () => {
    const now = Date.now();
    const at = String(Math.floor(now / 1000));
    for (const signature of [{}, { timestamp: at, token: "t", signature: "zz" }, "x", null])
      expect(verifyMailgun({ signature }, "key", now).ok).toBe(false);
  });
});

describe("messageIdForms", () => {
  it("names each id once, whether or not it came in angle brackets", () => {
    expect(messageIdForms("<a@x>", "a@x", null, "", "b", 7)).toEqual(["<a@x>", "b"]);
  });
});
