import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, signV1 } from "./signature";

describe("webhook signatures", () => {
  it("match the test vector in docs/webhooks.md (Verifying a delivery)", () => {
    expect(signV1("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 1614265330, '{"test": 2432232314}')).toBe(
      "2e37df5d4a028c51a7f3133d64ae1e300d2c2c900f1b1d49d4369ad2530f8964",
    );
  });

  it("carry one v1 per signing secret, the newest first", () => {
    const header = signatureHeader(["whsec_new", "whsec_old"], 1700000000, "{}");
    expect(header).toBe(
      `t=1700000000,v1=${signV1("whsec_new", 1700000000, "{}")},v1=${signV1("whsec_old", 1700000000, "{}")}`,
    );
  });

  it("makes secrets of whsec_ and 32 random bytes in base64", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
