import { describe, expect, it, vi } from "vitest";
import { clientAddress, PEER_HEADER, trustedProxyHops } from "./client-address";

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
    expect(clientAddress(xff("203.0.113.7"), 0, false)).toBe(null);
    expect(clientAddress({ ...xff("203.0.113.7"), [PEER_HEADER]: "198.51.100.4" }, 0, true)).toBe("198.51.100.4");
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

describe("clientAddress without TRUST_PROXY: the connection's address from the peer-address preload", () => {
  const peer = (value: string) => ({ [PEER_HEADER]: value, "x-forwarded-for": "203.0.113.99" });

  it("is the socket's address, IPv4-mapped or not", () => {
    expect(clientAddress(peer("198.51.100.4"), 0, true)).toBe("198.51.100.4");
    expect(clientAddress(peer("::ffff:198.51.100.4"), 0, true)).toBe("198.51.100.4");
    expect(clientAddress(peer("2001:db8::5"), 0, true)).toBe("2001:db8::5");
    expect(clientAddress(peer("127.0.0.1"), 0, true)).toBe("127.0.0.1"); // a browser on the server's own machine
  });

  it("is not believed when the preload does not run here (a client could have written the header)", () => {
    expect(clientAddress(peer("198.51.100.4"), 0, false)).toBe(null);
  });

  it("is no address when a proxy nobody trusted forwards the request: its address is everyone's", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(clientAddress(peer("127.0.0.1; forwarded"), 0, true)).toBe(null);
    expect(clientAddress(peer("10.1.2.3; forwarded"), 0, true)).toBe(null);
    expect(clientAddress(peer("::ffff:172.17.0.1; forwarded"), 0, true)).toBe(null);
    expect(clientAddress(peer("fd00::1; forwarded"), 0, true)).toBe(null);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    // A client on the internet writing forwarding headers is still counted at its own address.
    expect(clientAddress(peer("198.51.100.4; forwarded"), 0, true)).toBe("198.51.100.4");
  });

  it("knows no address for a missing or malformed header", () => {
    expect(clientAddress({}, 0, true)).toBe(null);
    expect(clientAddress(peer("not-an-ip"), 0, true)).toBe(null);
  });
});
