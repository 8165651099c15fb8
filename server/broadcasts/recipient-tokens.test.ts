import { beforeAll, describe, expect, it } from "vitest";
import { readRecipientToken, recipientToken } from "./recipient-tokens";

beforeAll(() => {
  process.env.NEXTAUTH_SECRET ??= "unit-test-secret-unit-test-secret";
});

describe("recipient tokens", () => {
  it("round-trips ids from 1 to the largest bigint id", () => {
    for (const id of [1n, 35n, 36n, 123456789n, 9223372036854775807n]) {
      expect(readRecipientToken(recipientToken(id))).toBe(id);
    }
  });

  it("refuses a token whose id or signature was changed", () => {
    const token = recipientToken(42n);
    const [id, sig] = token.split(".") as [string, string];
    expect(readRecipientToken(`${(43).toString(36)}.${sig}`)).toBeNull();
    expect(readRecipientToken(`${id}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(readRecipientToken(`${id}.${sig}x`)).toBeNull();
    expect(readRecipientToken("")).toBeNull();
    expect(readRecipientToken("../../etc")).toBeNull();
  });
});
