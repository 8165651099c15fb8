// The per-address limit of the public form endpoints (server/services/public-forms/address-limit.ts): an unknown
// address shares one bucket (10× the limit) instead of escaping the limit, and IPv6 counts by its /64 whatever way
// the address is written.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { takeAddressToken, UNKNOWN_ADDRESS_SHARE } from "@/server/services/public-forms/address-limit";

const allowedOf = async (scope: string, addresses: (string | null)[], perMinute: number) => {
  let allowed = 0;
  for (const address of addresses) if ((await takeAddressToken(scope, address, perMinute)).allowed) allowed++;
  return allowed;
};

describe("per-address limits of public forms", () => {
  it("counts requests of unknown address in one shared bucket, never in none", async () => {
    const scope = `test-${randomUUID()}`;
    const tries = Array.from({ length: 2 * UNKNOWN_ADDRESS_SHARE + 5 }, () => null);
    expect(await allowedOf(scope, tries, 2)).toBe(2 * UNKNOWN_ADDRESS_SHARE);
  });

  it("counts an IPv6 /64 as one address, however each address in it is written", async () => {
    const scope = `test-${randomUUID()}`;
    const sameNetwork = ["2001:db8:1:2::1", "2001:DB8:1:2::ffff", "2001:0db8:0001:0002:0:0:0:9", "2001:db8:1:2::7"];
    expect(await allowedOf(scope, sameNetwork, 3)).toBe(3);
    expect(await allowedOf(scope, ["2001:db8:1:3::1"], 3)).toBe(1);
    expect(await allowedOf(scope, ["192.0.2.1", "192.0.2.1", "192.0.2.2"], 1)).toBe(2);
  });
});
