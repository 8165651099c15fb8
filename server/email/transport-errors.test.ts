// How provider answers become TransientSendError / PermanentSendError, below the integration tests' real servers.
import { describe, expect, it } from "vitest";
import { retryAfterMs } from "./resend-transport";
import { classify } from "./smtp-transport";
import { PermanentSendError, TransientSendError } from "./transport";

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    expect(retryAfterMs({ "retry-after": "3" })).toBe(3000);
    expect(retryAfterMs({ "retry-after": "0.5" })).toBe(500);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterMs({ "retry-after": inTenSeconds })).toBeGreaterThan(8_000);
    expect(retryAfterMs({ "retry-after": new Date(0).toUTCString() })).toBe(0);
    expect(retryAfterMs({ "retry-after": "soon" })).toBeUndefined();
    expect(retryAfterMs({})).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe("SMTP classify", () => {
  const smtpError = (fields: { code?: string; responseCode?: number; response?: string }) =>
    Object.assign(new Error("Message failed"), fields);

  it("follows the reply code: 4yz transient, 5yz permanent", () => {
    expect(classify(smtpError({ code: "EMESSAGE", responseCode: 421 }))).toBeInstanceOf(TransientSendError);
    expect(classify(smtpError({ code: "EAUTH", responseCode: 454 }))).toBeInstanceOf(TransientSendError);
    expect(classify(smtpError({ code: "EENVELOPE", responseCode: 552 }))).toBeInstanceOf(PermanentSendError);
    // A connection dropped with a 5xx greeting is still the server's final word.
    expect(classify(smtpError({ code: "ECONNECTION", responseCode: 554 }))).toBeInstanceOf(PermanentSendError);
  });

  it("treats connection trouble without a reply as transient and everything else as permanent", () => {
    for (const code of ["ETIMEDOUT", "ESOCKET", "ECONNECTION", "EDNS", "ETLS"])
      expect(classify(smtpError({ code }))).toBeInstanceOf(TransientSendError);
    expect(classify(smtpError({ code: "EENVELOPE" }))).toBeInstanceOf(PermanentSendError);
    expect(classify(smtpError({ code: "EAUTH" }))).toBeInstanceOf(PermanentSendError);
    expect(classify("not an error")).toBeInstanceOf(PermanentSendError);
  });

  it("marks a 4yz that asks to slow down (rate wording, SES throttling), and only those", () => {
    const slow = (responseCode: number, response: string) => {
      const e = classify(smtpError({ code: "EMESSAGE", responseCode, response }));
      return e instanceof TransientSendError && e.slowDown;
    };
    expect(slow(454, "454 Throttling failure: Maximum sending rate exceeded.")).toBe(true);
    expect(slow(421, "421 4.7.0 Too many messages, slow down")).toBe(true);
    expect(slow(451, "451 4.7.1 Rate limit exceeded, try again later")).toBe(true);
    expect(slow(421, "421 4.4.2 Connection throttled")).toBe(true);
    expect(slow(450, "450 Throttling: Maximum sending rate exceeded")).toBe(true);
    // Transient, but not about our pace: greylisting, a full mailbox, a lost connection.
    expect(slow(451, "451 4.7.1 Greylisted, please try again later")).toBe(false);
    expect(slow(452, "452 4.2.2 Mailbox full")).toBe(false);
    expect(slow(421, "421 4.4.2 Connection dropped due to timeout")).toBe(false);
    expect(slow(454, "454 4.7.0 TLS not available due to temporary reason")).toBe(false);
    // A permanent answer stays permanent whatever it says.
    expect(classify(smtpError({ responseCode: 550, response: "550 Too many recipients" }))).toBeInstanceOf(
      PermanentSendError,
    );
  });

  it("keeps the server's reply in the message", () => {
    const error = classify(smtpError({ code: "EENVELOPE", responseCode: 550, response: "550 5.1.1 No such mailbox" }));
    expect(error.message).toBe("Message failed: 550 5.1.1 No such mailbox");
  });
});
