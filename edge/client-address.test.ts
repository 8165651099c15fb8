import { afterEach, describe, expect, it, vi } from "vitest";
import {
  forwardedChain,
  normaliseAddress,
  parseTrustProxy,
  resetUntrustedProxyWarning,
  resolveClientAddress,
  type ProxyTrust,
} from "./client-address";

describe("parseTrustProxy", () => {
  it.each([
    [undefined, { kind: "none" }],
    ["", { kind: "none" }],
    ["false", { kind: "none" }],
    ["0", { kind: "none" }],
    ["true", { kind: "hops", hops: 1 }],
    ["TRUE", { kind: "hops", hops: 1 }],
    ["2", { kind: "hops", hops: 2 }],
  ])("TRUST_PROXY=%s", (setting, trust) => {
    expect(parseTrustProxy(setting)).toEqual(trust);
  });

  it("reads a list of proxy addresses and CIDRs, IPv4 and IPv6", () => {
    const trust = parseTrustProxy(" 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32");
    expect(trust.kind).toBe("list");
    if (trust.kind !== "list") return;
    expect(trust.proxies.check("10.1.2.3", "ipv4")).toBe(true);
    expect(trust.proxies.check("192.0.2.7", "ipv4")).toBe(true);
    expect(trust.proxies.check("192.0.2.8", "ipv4")).toBe(false);
    expect(trust.proxies.check("2001:db8:1::1", "ipv6")).toBe(true);
  });

  it.each(["yes please", "-1", "11", "10.0.0.0/33", "10.0.0.1,", "proxy.example", "10.0.0.0/8/1", "::1/129"])(
    "refuses TRUST_PROXY=%s, saying what it accepts",
    (setting) => {
      expect(() => parseTrustProxy(setting)).toThrow(/TRUST_PROXY/);
    },
  );
});

describe("normaliseAddress and forwardedChain", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7:4711", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8::1", "2001:db8::1"],
    ["[2001:db8::1]:4711", "2001:db8::1"],
    ['"[2001:db8:cafe::17]:4711"', "2001:db8:cafe::17"],
    ["unknown", null],
    ["_hidden", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (raw, address) => {
    expect(normaliseAddress(raw)).toBe(address);
  });

  it("takes X-Forwarded-For's entries, else Forwarded's for= values (RFC 7239)", () => {
    expect(forwardedChain("1.1.1.1, 203.0.113.7", 'for="[2001:db8::1]"')).toEqual(["1.1.1.1", "203.0.113.7"]);
    expect(
      forwardedChain(undefined, 'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711"'),
    ).toEqual(["192.0.2.60", '"[2001:db8:cafe::17]:4711"']);
    expect(forwardedChain(undefined, "proto=https")).toEqual([""]);
    expect(forwardedChain(undefined, undefined)).toEqual([]);
  });
});

describe("resolveClientAddress", () => {
  const none: ProxyTrust = { kind: "none" };
  afterEach(() => resetUntrustedProxyWarning());

  it("without TRUST_PROXY is the connection's address, whatever forwarding headers the client wrote", () => {
    expect(resolveClientAddress(none, "198.51.100.4", "203.0.113.7", undefined)).toBe("198.51.100.4");
    expect(resolveClientAddress(none, "::ffff:198.51.100.4", undefined, "for=203.0.113.7")).toBe("198.51.100.4");
    expect(resolveClientAddress(none, "2001:db8::5", undefined, undefined, true)).toBe("2001:db8::5");
    expect(resolveClientAddress(none, "127.0.0.1", undefined, undefined)).toBe("127.0.0.1"); // a browser on this machine
  });

  it("without TRUST_PROXY is no address behind a proxy nobody named (its address is everyone's), warning once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(resolveClientAddress(none, "127.0.0.1", "203.0.113.7", undefined)).toBe(null);
    expect(resolveClientAddress(none, "10.1.2.3", undefined, "for=203.0.113.7")).toBe(null);
    expect(resolveClientAddress(none, "::ffff:172.17.0.1", undefined, undefined, true)).toBe(null);
    expect(resolveClientAddress(none, "fd00::1", "203.0.113.7", undefined)).toBe(null);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("with a hop count takes the entry the outermost trusted proxy appended, not one the client forged", () => {
    const one: ProxyTrust = { kind: "hops", hops: 1 };
    const two: ProxyTrust = { kind: "hops", hops: 2 };
    expect(resolveClientAddress(one, "10.0.0.2", "1.1.1.1, 203.0.113.7", undefined)).toBe("203.0.113.7");
    expect(resolveClientAddress(two, "10.0.0.3", "1.1.1.1, 203.0.113.7, 10.0.0.2", undefined)).toBe("203.0.113.7");
    expect(resolveClientAddress(one, "10.0.0.2", undefined, 'for="[2001:db8::7]:80"')).toBe("2001:db8::7");
    expect(resolveClientAddress(one, "10.0.0.2", "::ffff:203.0.113.7", undefined)).toBe("203.0.113.7");
  });

  it("with a hop count knows no address when the chain is short or not an address", () => {
    const two: ProxyTrust = { kind: "hops", hops: 2 };
    expect(resolveClientAddress(two, "10.0.0.2", "203.0.113.7", undefined)).toBe(null);
    expect(resolveClientAddress(two, "10.0.0.2", undefined, undefined)).toBe(null);
    expect(resolveClientAddress(two, "10.0.0.2", "not-an-ip, 10.0.0.9", undefined)).toBe(null);
  });

  describe("with a list of proxies", () => {
    const list = parseTrustProxy("10.0.0.0/8,2001:db8:ffff::/48");

    it("walks from the connection leftwards past listed proxies to the first address that is not one", () => {
      expect(resolveClientAddress(list, "10.0.0.2", "203.0.113.7", undefined)).toBe("203.0.113.7");
      expect(resolveClientAddress(list, "10.0.0.2", "1.1.1.1, 203.0.113.7, 10.9.9.9", undefined)).toBe("203.0.113.7");
      expect(resolveClientAddress(list, "::ffff:10.0.0.2", undefined, "for=198.51.100.1, for=10.1.1.1")).toBe(
        "198.51.100.1",
      );
      expect(resolveClientAddress(list, "2001:db8:ffff::1", "2001:db8:1::9", undefined)).toBe("2001:db8:1::9");
    });

    it("believes no header from a connection that is not a listed proxy", () => {
      expect(resolveClientAddress(list, "198.51.100.4", "203.0.113.7", undefined)).toBe("198.51.100.4");
    });

    it("knows no address when a listed proxy passed on something that is not an address", () => {
      expect(resolveClientAddress(list, "10.0.0.2", "203.0.113.7, unknown", undefined)).toBe(null);
      expect(resolveClientAddress(list, "10.0.0.2", undefined, "proto=https")).toBe(null);
    });

    it("is the leftmost hop when every hop is a listed proxy (a request from our own side)", () => {
      expect(resolveClientAddress(list, "10.0.0.2", "10.0.0.9", undefined)).toBe("10.0.0.9");
      expect(resolveClientAddress(list, "10.0.0.2", undefined, undefined)).toBe("10.0.0.2");
    });

    it("treats a private connection not in the list, carrying forwarding headers, as a proxy nobody named", () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(resolveClientAddress(list, "192.168.1.2", "203.0.113.7", undefined)).toBe(null);
      expect(warn).toHaveBeenCalledTimes(1);
      warn.mockRestore();
    });
  });
});
