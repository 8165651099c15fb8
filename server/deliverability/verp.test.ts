import { beforeAll, describe, expect, it } from "vitest";
import { findReturnPath, readReturnPath, returnPathFor } from "./verp";

beforeAll(() => {
  process.env.NEXTAUTH_SECRET ??= "verp-test-secret";
});

describe("VERP return paths", () => {
  it("names its recipient and reads back, in any letter case", () => {
    const address = returnPathFor(123456789n, "Bounce.Example.COM");
    expect(address).toMatch(/^bounce-21i3v9-[0-9a-f]{20}@bounce\.example\.com$/);
    expect(readReturnPath(address)).toBe(123456789n);
    expect(readReturnPath(address.toUpperCase())).toBe(123456789n);
    expect(readReturnPath(`"Mail Delivery" <${address.toUpperCase()}>`)).toBe(123456789n);
    expect(readReturnPath(`<${address}>`)).toBe(123456789n);
  });

  it("keeps the local part within 64 characters for the largest ids", () => {
    const address = returnPathFor(2n ** 63n - 1n, "b.example.com");
    expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(readReturnPath(address)).toBe(2n ** 63n - 1n);
    expect(readReturnPath(returnPathFor(0n, "b.example.com"))).toBe(0n);
  });

  it("reads a forged or altered return path as null", () => {
    const address = returnPathFor(42n, "bounce.example.com");
    const [local, domain] = address.split("@") as [string, string];
    const sig = local.split("-")[2]!;
    expect(readReturnPath(`bounce-43-${sig}@${domain}`)).toBeNull(); // another id, same signature
    const flipped = sig.slice(0, -1) + (sig.endsWith("0") ? "1" : "0");
    expect(readReturnPath(`bounce-16-${flipped}@${domain}`)).toBeNull();
    expect(readReturnPath(`bounce-16-${"0".repeat(20)}@${domain}`)).toBeNull();
    expect(readReturnPath(`bounce-16-${sig.slice(0, 19)}@${domain}`)).toBeNull();
    expect(readReturnPath(`other-16-${sig}@${domain}`)).toBeNull();
    expect(readReturnPath(`${local}@`)).toBeNull();
    expect(readReturnPath(local)).toBeNull();
    expect(readReturnPath("")).toBeNull();
    expect(readReturnPath(`${"x".repeat(2_000)}${address}`)).toBeNull();
  });

  it("survives the domain being another bounce domain (the signature covers the recipient)", () => {
    const address = returnPathFor(7n, "bounce.example.com");
    expect(readReturnPath(address.replace("bounce.example.com", "BOUNCES.example.org"))).toBe(7n);
  });

  it("refuses to build one on a domain that is not a host name", () => {
    expect(() => returnPathFor(1n, "not a domain")).toThrow();
    expect(() => returnPathFor(1n, "localhost")).toThrow();
    expect(() => returnPathFor(-1n, "bounce.example.com")).toThrow();
  });

  it("finds the genuine one among candidates in free text", () => {
    const good = returnPathFor(99n, "bounce.example.com");
    const forged = `bounce-2s-${"a".repeat(20)}@bounce.example.com`;
    expect(findReturnPath([null, `To: ${forged}`, `Original-Recipient: rfc822;${good.toUpperCase()}`])).toBe(99n);
    expect(findReturnPath([forged, "nothing here"])).toBeNull();
  });
});
