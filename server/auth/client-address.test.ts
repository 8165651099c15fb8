import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxyHops } from "./client-address";

describe("trustedProxyHops", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["false", 0],
    ["true", 1],
    ["TRUE", 1],
    ["2", 2],
    ["-1", 0],
    ["yes please", 0],
  ])("TRUST_PROXY=%s trusts %i proxies", (setting, hops) => {
    expect(trustedProxyHops(setting)).toBe(hops);
  });
});

describe("clientAddress", () => {
  const xff = (value: string) => ({ "x-forwarded-for": value });

  it("ignores X-Forwarded-For unless a proxy is trusted, so a client cannot pick its own bucket", () => {
    expect(clientAddress(xff("203.0.113.7"), 0)).toBe(null);
  });

  it("takes the entry the trusted proxy appended, not one the client forged before it", () => {
    expect(clientAddress(xff("1.1.1.1, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.7, 10.0.0.2" }), 2)).toBe("203.0.113.7");
  });

  it("normalises IPv4-mapped IPv6 and keeps IPv6", () => {
    expect(clientAddress(xff("::ffff:203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientAddress(xff("2001:db8::1"), 1)).toBe("2001:db8::1");
  });

  it("knows no address for a missing or malformed header", () => {
    expect(clientAddress({}, 1)).toBe(null);
    expect(clientAddress(xff("not-an-ip"), 1)).toBe(null);
    expect(clientAddress(xff("203.0.113.7"), 2)).toBe(null);
  });
});
