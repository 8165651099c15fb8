import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";

describe("clientAddress: the one address the front server resolved", () => {
  const from = (value: string) => ({ [CLIENT_ADDRESS_HEADER]: value, "x-forwarded-for": "203.0.113.99" });

  it("is the front server's header, never X-Forwarded-For", () => {
    expect(clientAddress(from("198.51.100.4"), true)).toBe("198.51.100.4");
    expect(clientAddress(new Headers(from("2001:db8::5")), true)).toBe("2001:db8::5");
    expect(clientAddress({ "x-forwarded-for": "203.0.113.7" }, true)).toBe(null);
  });

  it("is not believed when the front server does not run in this process (a client could have written it)", () => {
    expect(clientAddress(from("198.51.100.4"), false)).toBe(null);
  });

  it("knows no address for a missing or malformed header", () => {
    expect(clientAddress({}, true)).toBe(null);
    expect(clientAddress(from("not-an-ip"), true)).toBe(null);
    expect(clientAddress(from(""), true)).toBe(null);
  });
});
