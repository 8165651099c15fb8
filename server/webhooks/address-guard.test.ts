import { afterEach, describe, expect, it } from "vitest";
import { addressAllowed, guardedLookup, refusedAddress } from "./address-guard";

const refused = [
  "127.0.0.1",
  "10.1.2.3",
  "172.20.0.1",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "100.100.100.200",
  "0.0.0.0",
  "224.0.0.1",
  "255.255.255.255",
  "::1",
  "::",
  "fe80::1",
  "fc00::1",
  "fd00:ec2::254",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "0:0:0:0:0:ffff:c0a8:0101",
  "64:ff9b::10.0.0.1",
  "2002:0a00:0001::1",
  "::127.0.0.1",
];
const allowed = ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8"];

describe("webhook address guard", () => {
  afterEach(() => {
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
  });

  it.each(refused)("refuses %s", (address) => {
    expect(refusedAddress(address)).toMatch(/private or reserved/);
  });

  it.each(allowed)("allows %s", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it("lets the operator allow-list hosts and addresses", () => {
    expect(addressAllowed("localhost", "127.0.0.1")).not.toBeNull();
    process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1, Hooks.Internal";
    expect(addressAllowed("localhost", "127.0.0.1")).toBeNull();
    expect(addressAllowed("hooks.internal", "10.0.0.5")).toBeNull();
    expect(addressAllowed("other.internal", "10.0.0.5")).not.toBeNull();
  });

  it("checks the addresses a hostname resolves to, at connect time", async () => {
    const lookup = guardedLookup(async (host) =>
      host === "evil.test"
        ? [{ address: "10.0.0.1", family: 4 }]
        : [
            { address: "::1", family: 6 },
            { address: "93.184.216.34", family: 4 },
          ],
    );
    const run = (host: string) =>
      new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        lookup(host, {}, (error, address) => resolve({ error, address })),
      );
    expect((await run("evil.test")).error?.message).toMatch(/Refused to connect to evil.test: 10.0.0.1/);
    expect(await run("mixed.test")).toEqual({ error: null, address: "93.184.216.34" });
    expect((await run("169.254.169.254")).error?.message).toMatch(/Refused/);
  });
});
