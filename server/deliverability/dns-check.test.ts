import { describe, expect, it } from "vitest";
import { dkimPublicKeyOf, dnsLookup } from "./dns-check";

describe("dkimPublicKeyOf", () => {
  it("reads p= without the spaces a long key is published with, whatever the tag order", () => {
    expect(dkimPublicKeyOf("v=DKIM1; k=rsa; p=MIIB IjAN Bgkq")).toBe("MIIBIjANBgkq");
    expect(dkimPublicKeyOf("p=ABC;v=DKIM1")).toBe("ABC");
    expect(dkimPublicKeyOf("v=spf1 mx ~all")).toBeNull();
  });
});

describe("dnsLookup", () => {
  it("refuses a DNS_SERVERS value that is not a list of addresses, naming the variable", () => {
    expect(() => dnsLookup("resolver.example")).toThrow(/DNS_SERVERS must list resolvers/);
    expect(() => dnsLookup("127.0.0.1:5353, 10.0.0.2")).not.toThrow();
  });
});
