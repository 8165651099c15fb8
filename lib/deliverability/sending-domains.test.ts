import { describe, expect, it } from "vitest";
import { fromDomainOf, fromDomainWarning, normaliseDomain, signingDomainFor } from "./sending-domains";

describe("normaliseDomain", () => {
  it.each([
    ["Shop.COM", "shop.com"],
    ["  news.shop.com.  ", "news.shop.com"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["a-b.example.co.uk", "a-b.example.co.uk"],
  ])("%s → %s", (input, domain) => expect(normaliseDomain(input)).toEqual({ ok: true, domain }));

  it.each([
    ["", /Enter a domain/],
    ["https://shop.com", /no https/],
    ["shop.com/path", /no https/],
    ["news@shop.com", /address/],
    ["shop.com:25", /port/],
    ["1.2.3.4", /not an IP address/],
    ["0x7f.1", /not an IP address/],
    ["localhost", /full domain/],
    ["-shop.com", /hyphen/],
    ["shop_mail.com", /letters, digits or hyphens|not a valid/],
    [`${"a".repeat(64)}.com`, /1 to 63/],
    [`${"abcdefghi.".repeat(26)}com`, /At most 253/],
  ])("refuses %j", (input, detail) => {
    const result = normaliseDomain(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).toMatch(detail);
  });
});

describe("fromDomainOf", () => {
  it.each([
    ["news@Shop.com", "shop.com"],
    ['"Ann <x@y>" <ann@mail.shop.com>', "mail.shop.com"],
    ["nobody", null],
  ])("%s → %s", (from, domain) => expect(fromDomainOf(from)).toBe(domain));
});

describe("signingDomainFor (relaxed alignment)", () => {
  it("signs with the domain itself first, else its nearest verified parent", () => {
    expect(signingDomainFor("shop.com", ["shop.com"])).toBe("shop.com");
    expect(signingDomainFor("news.shop.com", ["shop.com"])).toBe("shop.com");
    expect(signingDomainFor("a.news.shop.com", ["shop.com", "news.shop.com"])).toBe("news.shop.com");
    expect(signingDomainFor("News.Shop.com", ["shop.com"])).toBe("shop.com");
  });

  it("never signs with a subdomain, a sibling, a look-alike or a bare suffix", () => {
    expect(signingDomainFor("shop.com", ["news.shop.com"])).toBeNull();
    expect(signingDomainFor("news.shop.com", ["mail.shop.com"])).toBeNull();
    expect(signingDomainFor("myshop.com", ["shop.com"])).toBeNull();
    expect(signingDomainFor("shop.com", ["com"])).toBeNull();
  });
});

describe("fromDomainWarning", () => {
  it("says nothing when a verified domain signs the address (itself or a parent)", () => {
    expect(fromDomainWarning("news@shop.com", [{ domain: "shop.com", status: "verified" }])).toBeNull();
    expect(fromDomainWarning("news@eu.shop.com", [{ domain: "shop.com", status: "verified" }])).toBeNull();
  });

  it("an unknown domain, with no verified domain at all: add it and publish its records", () => {
    expect(fromDomainWarning("news@shop.com", [])).toEqual({
      code: "unverified_domain",
      message:
        "news@shop.com: shop.com is not a verified sending domain. Add it in Settings → Sending domains and publish its records, or mail may land in spam.",
    });
  });

  it("an added domain not verified yet: publish and check again; a failing one says its DKIM record is gone", () => {
    expect(fromDomainWarning("news@shop.com", [{ domain: "shop.com", status: "pending" }])?.message).toBe(
      "news@shop.com: shop.com is not a verified sending domain. Publish its records (Settings → Sending domains) and check it again, or mail may land in spam.",
    );
    expect(fromDomainWarning("news@shop.com", [{ domain: "shop.com", status: "failing" }])?.message).toBe(
      "news@shop.com: shop.com is no longer verified (its DKIM record is gone). Publish its records (Settings → Sending domains) and check it again, or mail may land in spam.",
    );
  });

  it("not aligned with the verified domains the workspace has: names them and both ways out", () => {
    const warning = fromDomainWarning("news@shop.com", [
      { domain: "news.shop.com", status: "verified" },
      { domain: "other.org", status: "verified" },
      { domain: "shop.com", status: "pending" },
    ]);
    expect(warning).toEqual({
      code: "unaligned_domain",
      message:
        "news@shop.com: shop.com is not a verified sending domain and is not aligned with the verified domains (news.shop.com, other.org), so DMARC fails for it and mail may land in spam. Send from an address at one of them, or publish shop.com's records (Settings → Sending domains) and check it again.",
    });
    expect(fromDomainWarning("a@x.net", [{ domain: "other.org", status: "verified" }])?.message).toBe(
      "a@x.net: x.net is not a verified sending domain and is not aligned with the verified domain (other.org), so DMARC fails for it and mail may land in spam. Send from an address at other.org, or add x.net in Settings → Sending domains and publish its records.",
    );
  });

  it("no address yet: nothing to say (the sender item already asks for one)", () => {
    expect(fromDomainWarning("", [])).toBeNull();
  });
});
