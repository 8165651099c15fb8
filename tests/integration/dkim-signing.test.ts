// DKIM signing end to end: a verified sending domain's key signs what the SMTP transport hands to a real SMTP server
// (smtp-server on 127.0.0.1), and mailauth's dkimVerify, reading the public key from our local DNS server, says pass
// with d= that domain. Broadcast batches (send-batch) and single messages (send-email: tests, confirmations) alike;
// mail from a domain that is not verified, and account mail, goes out unsigned.
import { Resolver } from "node:dns/promises";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type DnsRecords, type DnsServer } from "../support/dns-server.mjs";
import { smtpTransport } from "@/server/email/smtp-transport";
import { sendSingleEmail } from "@/server/email/send-email";
import { setTransportForTests } from "@/server/email/transports";
import type { OutgoingEmail, Transport } from "@/server/email/transport";
import { dnsLookup } from "@/server/deliverability/dns-check";
import { addSendingDomain } from "@/server/services/deliverability/add-sending-domain";
import { checkSendingDomain } from "@/server/services/deliverability/check-sending-domain";
import type { SendingDomainView } from "@/lib/deliverability/sending-domains";
import { makeWorkspace } from "../support/fixtures";
import { makeBroadcast, seedContacts, senderFor, sendNow, waitForStatus } from "../support/sending";

let dns: DnsServer;
let server: SMTPServer;
let smtp: Transport;
/** The sender closes its transport when it stops: single sends go through a pool of their own. */
let singles: Transport;
const received: { to: string[]; raw: string }[] = [];
let workspaceId: string;

/** mailauth's resolver: the local DNS server, as dns.resolve answers. */
function resolver() {
  const r = new Resolver({ timeout: 1_000, tries: 1 });
  r.setServers([dns.server]);
  return (name: string, type: string) => r.resolve(name, type as "TXT");
}

const records = (d: SendingDomainView): DnsRecords =>
  Object.fromEntries(d.records.filter((r) => r.type === "TXT").map((r) => [r.host, [{ type: "TXT", data: r.value! }]]));

async function verify(raw: string) {
  const { results } = await dkimVerify(Buffer.from(raw), { resolver: resolver() });
  return results.map((r: { status: { result: string; header?: { d?: string } }; signingDomain?: string }) => ({
    result: r.status.result,
    domain: r.signingDomain,
  }));
}

const receivedFor = (to: string) => received.find((m) => m.to.includes(to))?.raw;

beforeAll(async () => {
  dns = await startDnsServer();
  server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  smtp = smtpTransport({ host: "127.0.0.1", port, secure: false });
  singles = smtpTransport({ host: "127.0.0.1", port, secure: false });

  const ws = await makeWorkspace();
  workspaceId = ws.id;
  const lookup = dnsLookup(dns.server, 1_000);
  const verified = await addSendingDomain({ workspaceId, domain: "signed.test", dns: lookup });
  const pending = await addSendingDomain({ workspaceId, domain: "pending.test", dns: lookup });
  // Only signed.test's records are published: pending.test stays unverified (its key must not sign).
  dns.set(records(verified));
  expect((await checkSendingDomain({ workspaceId, domainId: verified.id, dns: lookup })).status).toBe("verified");
  expect((await checkSendingDomain({ workspaceId, domainId: pending.id, dns: lookup })).status).toBe("pending");
});

afterAll(async () => {
  setTransportForTests(null);
  await singles?.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dns.close();
});

describe("DKIM signing through SMTP", () => {
  it("a broadcast from a verified domain: every message passes DKIM with d= that domain", async () => {
    await seedContacts(workspaceId, [{ email: "ann@inbox.test" }, { email: "bob@inbox.test" }]);
    const b = await makeBroadcast(workspaceId, { fromEmail: "news@signed.test", fromName: "Signed News" });
    await sendNow(b);
    const sender = senderFor(workspaceId, smtp);
    try {
      await waitForStatus(b.id, "sent");
    } finally {
      await sender.stop();
    }
    for (const to of ["ann@inbox.test", "bob@inbox.test"]) {
      const raw = receivedFor(to);
      expect(raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;/m);
      expect(await verify(raw!)).toEqual([{ result: "pass", domain: "signed.test" }]);
    }
  });

  const single = (from: string, to: string, patch: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
    workspaceId,
    kind: "test",
    broadcastId: null,
    recipientId: null,
    from,
    to,
    subject: "Test",
    html: "<p>Hello</p>",
    text: "Hello",
    headers: {},
    ...patch,
  });

  it("single messages (tests, confirmations): a subdomain is signed by its verified parent (relaxed alignment)", async () => {
    setTransportForTests(singles);
    await sendSingleEmail(single('"Shop" <hello@news.signed.test>', "sub@inbox.test"));
    expect(await verify(receivedFor("sub@inbox.test")!)).toEqual([{ result: "pass", domain: "signed.test" }]);
  });

  it("unsigned: an unverified domain, an unrelated one, and account mail (no workspace)", async () => {
    setTransportForTests(singles);
    await sendSingleEmail(single("hello@pending.test", "pending@inbox.test"));
    await sendSingleEmail(single("hello@elsewhere.test", "elsewhere@inbox.test"));
    await sendSingleEmail(single("hello@signed.test", "account@inbox.test", { workspaceId: null, kind: "account" }));
    for (const to of ["pending@inbox.test", "elsewhere@inbox.test", "account@inbox.test"]) {
      const raw = receivedFor(to)!;
      expect(raw).toContain("Subject: Test");
      expect(raw).not.toMatch(/^DKIM-Signature:/im);
    }
  });
});
