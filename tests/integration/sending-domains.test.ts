// Sending domains against a real DNS server on 127.0.0.1 (tests/support/dns-server.mjs), never the internet: adding
// (validation, the key pair, the limit), the records and each one's status, the domain's status moves, lookups that
// hang or fail, and the daily re-check.
import { createPrivateKey, createPublicKey } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDnsServer, type DnsRecords, type DnsServer } from "../support/dns-server.mjs";
import { db } from "@/server/db/client";
import { openSecret } from "@/server/secret-box";
import { dnsLookup } from "@/server/deliverability/dns-check";
import { dkimKeyFor } from "@/server/deliverability/dkim-keys";
import { addSendingDomain, MAX_DOMAINS_PER_WORKSPACE } from "@/server/services/deliverability/add-sending-domain";
import { checkSendingDomain } from "@/server/services/deliverability/check-sending-domain";
import { deleteSendingDomain } from "@/server/services/deliverability/delete-sending-domain";
import { listSendingDomains, sendingDomainStates } from "@/server/services/deliverability/list-sending-domains";
import { recheckDueDomains } from "@/server/services/deliverability/recheck-sending-domains";
import type { SendingDomainView } from "@/lib/deliverability/sending-domains";
import { makeWorkspace } from "../support/fixtures";

let dns: DnsServer;
const env = { BOUNCE_MX_HOST: process.env.BOUNCE_MX_HOST, SPF_INCLUDE: process.env.SPF_INCLUDE };

beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
  Object.assign(process.env, env);
});
beforeEach(() => {
  dns.set({});
  dns.queries.length = 0;
  delete process.env.BOUNCE_MX_HOST;
  delete process.env.SPF_INCLUDE;
});

const lookup = (timeoutMs = 1_000) => dnsLookup(dns.server, timeoutMs);
const record = (d: SendingDomainView, key: string) => d.records.find((r) => r.key === key)!;
/** The records of `d` as published, so the DNS server answers them (split into 255-byte strings on the wire). */
function published(d: SendingDomainView, extra: DnsRecords = {}): DnsRecords {
  const out: DnsRecords = { ...extra };
  for (const r of d.records) {
    if (!r.value) continue;
    const list = (out[r.host] ??= []);
    list.push(
      r.type === "MX" ? { type: "MX", exchange: r.value, priority: r.priority } : { type: "TXT", data: r.value },
    );
  }
  return out;
}

describe("adding a domain", () => {
  it("stores it lower-cased with an RSA-2048 key pair (private key sealed) and a sw<yyyymm> selector", async () => {
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "  Shop.Example.COM. ", dns: lookup() });
    expect(d.domain).toBe("shop.example.com");
    expect(d.dkimSelector).toMatch(/^sw\d{6}$/);
    expect(d.status).toBe("pending");
    const row = await db().sendingDomain.findUniqueOrThrow({ where: { id: d.id } });
    expect(row.dkimPrivateKey).toMatch(/^v1:/);
    expect(row.dkimPrivateKey).not.toContain("PRIVATE KEY");
    const privateKey = createPrivateKey(openSecret(row.dkimPrivateKey));
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const publicDer = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
    expect(row.dkimPublicKey).toBe(publicDer);
    expect(record(d, "dkim")).toMatchObject({
      type: "TXT",
      host: `${d.dkimSelector}._domainkey.shop.example.com`,
      value: `v=DKIM1; k=rsa; p=${publicDer}`,
      required: true,
      check: { status: "missing" },
    });
  });

  it.each([
    ["https://shop.com", /no https/],
    ["10.0.0.1", /IP address/],
    ["co.uk", /public suffix/],
    ["a".repeat(250) + ".com", /At most 253/],
  ])("refuses %j with a 422 on #/domain", async (domain, detail) => {
    const ws = await makeWorkspace();
    const error = await addSendingDomain({ workspaceId: ws.id, domain, dns: lookup() }).catch((e) => e);
    expect(error).toMatchObject({
      code: "VALIDATION",
      errors: [{ pointer: "#/domain", detail: expect.stringMatching(detail) }],
    });
  });

  it("refuses a domain already added (whatever its case), and more than the limit", async () => {
    const ws = await makeWorkspace();
    await addSendingDomain({ workspaceId: ws.id, domain: "twice.test", dns: lookup() });
    await expect(addSendingDomain({ workspaceId: ws.id, domain: "TWICE.test", dns: lookup() })).rejects.toMatchObject({
      code: "VALIDATION",
      errors: [{ pointer: "#/domain", detail: "twice.test is already a sending domain here." }],
    });
    // Another workspace may add the same domain (its own key).
    const other = await makeWorkspace();
    await expect(
      addSendingDomain({ workspaceId: other.id, domain: "twice.test", dns: lookup() }),
    ).resolves.toBeTruthy();

    await db().sendingDomain.createMany({
      data: Array.from({ length: MAX_DOMAINS_PER_WORKSPACE - 1 }, (_, i) => ({
        workspaceId: ws.id,
        domain: `d${i}.test`,
        dkimSelector: "sw202601",
        dkimPublicKey: "x",
        dkimPrivateKey: "x",
      })),
    });
    await expect(
      addSendingDomain({ workspaceId: ws.id, domain: "one-more.test", dns: lookup() }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("checking the records", () => {
  it("verified when the DKIM record is published (even split into strings); SPF and DMARC are checked alongside", async () => {
    process.env.SPF_INCLUDE = "spf.relay.test";
    process.env.BOUNCE_MX_HOST = "mx.sendwell.test";
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "shop.test", dns: lookup() });
    expect(d.records.map((r) => [r.key, r.type, r.host, r.value])).toEqual([
      ["dkim", "TXT", `${d.dkimSelector}._domainkey.shop.test`, expect.stringMatching(/^v=DKIM1; k=rsa; p=/)],
      ["bounce", "MX", "bounce.shop.test", "mx.sendwell.test"],
      ["spf", "TXT", "bounce.shop.test", "v=spf1 include:spf.relay.test ~all"],
      ["dmarc", "TXT", "_dmarc.shop.test", "v=DMARC1; p=none; rua=mailto:dmarc@shop.test"],
    ]);
    expect(d.records.map((r) => r.check?.status)).toEqual(["missing", "missing", "missing", "missing"]);

    dns.set(published(d));
    const checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(checked.records.map((r) => r.check?.status)).toEqual(["verified", "verified", "verified", "verified"]);
    expect(checked.status).toBe("verified");
    expect(checked.verifiedAt).not.toBeNull();
    expect(checked.lastCheckedAt).not.toBeNull();
    expect(await sendingDomainStates(ws.id)).toEqual([{ domain: "shop.test", status: "verified" }]);
  });

  it("wrong: shows what was found instead, and why", async () => {
    process.env.BOUNCE_MX_HOST = "mx.sendwell.test";
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "wrong.test", dns: lookup() });
    dns.set({
      [record(d, "dkim").host]: [
        { type: "TXT", data: "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAcut" },
      ],
      "bounce.wrong.test": [
        { type: "MX", exchange: "mx.elsewhere.test", priority: 5 },
        { type: "TXT", data: "v=spf1 include:other.test -all" },
      ],
      "_dmarc.wrong.test": [{ type: "TXT", data: "hello" }],
    });
    const checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(checked.status).toBe("pending");
    expect(record(checked, "dkim").check).toMatchObject({
      status: "wrong",
      detail: expect.stringMatching(/another public key/),
    });
    expect(record(checked, "bounce").check).toEqual({
      status: "wrong",
      found: ["5 mx.elsewhere.test"],
      detail: "Bounces go elsewhere: point the MX record at mx.sendwell.test.",
    });
    // SPF_INCLUDE unset: the mechanism asked for is mx.
    expect(record(checked, "spf")).toMatchObject({
      value: "v=spf1 mx ~all",
      check: {
        status: "wrong",
        found: ["v=spf1 include:other.test -all"],
        detail: "The SPF record does not contain mx: add it.",
      },
    });
    expect(record(checked, "dmarc").check).toMatchObject({ status: "wrong", found: ["hello"] });
  });

  it("SPF: two records are wrong; a '~mx' does not authorise; DMARC falls back to the parent domain's record", async () => {
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "news.parent.test", dns: lookup() });
    dns.set({
      "bounce.news.parent.test": [
        { type: "TXT", data: "v=spf1 mx ~all" },
        { type: "TXT", data: "v=spf1 a ~all" },
      ],
      "_dmarc.parent.test": [{ type: "TXT", data: "v=DMARC1; p=reject" }],
    });
    let checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(record(checked, "spf").check?.detail).toMatch(/several SPF records/);
    expect(record(checked, "dmarc").check).toEqual({
      status: "verified",
      found: ["v=DMARC1; p=reject"],
      detail: "Covered by parent.test's DMARC record.",
    });
    dns.set({ "bounce.news.parent.test": [{ type: "TXT", data: "v=spf1 ~mx -all" }] });
    checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(record(checked, "spf").check?.status).toBe("wrong");
    // Without BOUNCE_MX_HOST the bounce MX is optional and not looked up.
    expect(record(checked, "bounce")).toMatchObject({ value: null, required: false, check: null });
    expect(record(checked, "bounce").why).toMatch(/No bounce mailbox is configured/);
    expect(dns.queries.some((q) => q.startsWith("MX "))).toBe(false);
  });

  it("a lookup that hangs or fails is 'error' within the timeout, and leaves a verified domain verified", async () => {
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "flaky.test", dns: lookup() });
    dns.set(published(d));
    expect((await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() })).status).toBe("verified");

    dns.set({ [record(d, "dkim").host]: [{ type: "TIMEOUT" }], "_dmarc.flaky.test": [{ type: "SERVFAIL" }] });
    const started = Date.now();
    const checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup(800) });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(record(checked, "dkim").check).toMatchObject({
      status: "error",
      detail: expect.stringMatching(/no answer within/),
    });
    expect(record(checked, "dmarc").check).toMatchObject({
      status: "error",
      detail: expect.stringMatching(/ESERVFAIL/),
    });
    expect(checked.status).toBe("verified");
  });

  it("a verified domain whose DKIM record disappears turns failing and stops signing; published again, verified", async () => {
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "gone.test", dns: lookup() });
    expect(await dkimKeyFor(ws.id, "news@gone.test")).toBeNull();
    dns.set(published(d));
    await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(await dkimKeyFor(ws.id, '"News" <news@mail.gone.test>')).toMatchObject({
      domainName: "gone.test",
      keySelector: d.dkimSelector,
      privateKey: expect.stringContaining("BEGIN PRIVATE KEY"),
    });
    // Another workspace's verified domain never signs this one's mail.
    expect(await dkimKeyFor((await makeWorkspace()).id, "news@gone.test")).toBeNull();

    dns.set({});
    const failing = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(failing.status).toBe("failing");
    expect(await dkimKeyFor(ws.id, "news@gone.test")).toBeNull();
    dns.set(published(d));
    expect((await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() })).status).toBe("verified");
  });
});

describe("listing, deleting, re-checking", () => {
  it("lists alphabetically, deletes within the workspace only", async () => {
    const ws = await makeWorkspace();
    const b = await addSendingDomain({ workspaceId: ws.id, domain: "b.test", dns: lookup() });
    await addSendingDomain({ workspaceId: ws.id, domain: "a.test", dns: lookup() });
    expect((await listSendingDomains(ws.id)).map((d) => d.domain)).toEqual(["a.test", "b.test"]);
    const other = await makeWorkspace();
    await expect(deleteSendingDomain({ workspaceId: other.id, domainId: b.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await deleteSendingDomain({ workspaceId: ws.id, domainId: b.id });
    expect((await listSendingDomains(ws.id)).map((d) => d.domain)).toEqual(["a.test"]);
  });

  it("the daily re-check looks again at domains last checked more than a day ago, and only those", async () => {
    const ws = await makeWorkspace();
    const old = await addSendingDomain({ workspaceId: ws.id, domain: "old.test", dns: lookup() });
    const fresh = await addSendingDomain({ workspaceId: ws.id, domain: "fresh.test", dns: lookup() });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await db().sendingDomain.update({ where: { id: old.id }, data: { lastCheckedAt: dayAgo } });
    dns.set({ ...published(old), ...published(fresh) });
    dns.queries.length = 0;
    const { checked } = await recheckDueDomains({ dns: lookup() });
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(dns.queries).toContain(`TXT ${record(old, "dkim").host}`);
    expect(dns.queries).not.toContain(`TXT ${record(fresh, "dkim").host}`);
    const rows = await listSendingDomains(ws.id);
    expect(rows.find((r) => r.domain === "old.test")?.status).toBe("verified");
    expect(rows.find((r) => r.domain === "fresh.test")?.status).toBe("pending");
  });
});

describe("the automation checklist's From-domain warning", () => {
  it("warns (activation still allowed) until a verified domain signs the From address", async () => {
    const { createAutomation } = await import("@/server/services/automations/create-automation");
    const { automationChecklist } = await import("@/server/services/automations/checklist");
    const ws = await makeWorkspace();
    await db().workspace.update({
      where: { id: ws.id },
      data: { postalAddress: "1 Main St", defaultFromEmail: "hi@news.shop.test", defaultFromName: "Hi" },
    });
    const a = await createAutomation(ws.id, { name: "Welcome", template: "welcome_series" });
    const before = await automationChecklist(ws.id, a.id);
    expect(before.problems).toEqual([]);
    expect(before.warnings).toEqual([
      {
        code: "unverified_domain",
        pointer: "#/fromEmail",
        message:
          "hi@news.shop.test: news.shop.test is not a verified sending domain. Add it in Settings → Sending domains and publish its records, or mail may land in spam.",
      },
    ]);
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "shop.test", dns: lookup() });
    dns.set(published(d));
    await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect((await automationChecklist(ws.id, a.id)).warnings).toEqual([]);
  });
});

describe("robustness", () => {
  it("a first check that cannot run at all still adds the domain, not checked yet", async () => {
    const ws = await makeWorkspace();
    process.env.DNS_SERVERS = "not-an-address";
    try {
      const added = await addSendingDomain({ workspaceId: ws.id, domain: "unchecked.test" });
      expect(added).toMatchObject({ domain: "unchecked.test", status: "pending", lastCheckedAt: null });
      expect(record(added, "dkim").check).toBeNull();
    } finally {
      delete process.env.DNS_SERVERS;
    }
    expect((await listSendingDomains(ws.id)).map((d) => d.domain)).toEqual(["unchecked.test"]);
  });

  it("what a check keeps of what it found is bounded (a zone full of records, or a hostile one)", async () => {
    const ws = await makeWorkspace();
    const d = await addSendingDomain({ workspaceId: ws.id, domain: "crowded.test", dns: lookup() });
    dns.set({
      [record(d, "dkim").host]: Array.from({ length: 24 }, (_, i) => ({
        type: "TXT" as const,
        data: `v=DKIM1; p=${i}${"y".repeat(2_400)}`,
      })),
    });
    const checked = await checkSendingDomain({ workspaceId: ws.id, domainId: d.id, dns: lookup() });
    expect(record(checked, "dkim").check).toMatchObject({ status: "wrong" });
    const found = record(checked, "dkim").check!.found;
    expect(found).toHaveLength(20);
    expect(found.every((f) => f.length === 2_000)).toBe(true);
  });
});
