import { beforeAll, describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

describe("webhook secret box", () => {
  beforeAll(() => {
    process.env.NEXTAUTH_SECRET ??= "unit-test-secret";
  });

  it("round-trips and never stores the plaintext", () => {
    const box = sealSecret("whsec_abc");
    expect(box).not.toContain("whsec_abc");
    expect(openSecret(box)).toBe("whsec_abc");
    expect(sealSecret("whsec_abc")).not.toBe(box);
  });

  it("refuses a tampered box", () => {
    const box = sealSecret("whsec_abc");
    const raw = Buffer.from(box.slice(3), "base64");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(() => openSecret(`v1:${raw.toString("base64")}`)).toThrow();
  });
});
