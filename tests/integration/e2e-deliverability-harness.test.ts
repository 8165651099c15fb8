// The deliverability e2e's outside world (e2e/support/deliverability-harness.mjs) behaves like the real thing it
// stands for, so the spec proves something: the sink takes mail as an SMTP relay does (credentials checked); mail to
// @bounce-me.test comes back as an RFC 3464 report addressed to the envelope sender and lands in the IMAP mailbox
// (read with imapflow, as the worker does); the DNS table set through the control endpoint is what the app's
// resolver sees.
import { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startDeliverabilityHarness,
  type DeliverabilityHarness,
  type HarnessState,
} from "../../e2e/support/deliverability-harness.mjs";
import nodemailer, { type Transporter } from "nodemailer";
import { dnsLookup } from "@/server/deliverability/dns-check";

let harness: DeliverabilityHarness;
let smtp: Transporter;

/** A broadcast message as the app's SMTP transport sends it: the envelope sender is the VERP return path. */
const send = (to: string, envelopeFrom: string | null, transport = smtp) =>
  transport.sendMail({
    from: '"Shop" <news@shop-e2e.test>',
    to,
    subject: `Spring sale for ${to}`,
    html: "<p>Hello</p>",
    text: "Hello",
    headers: { "List-Unsubscribe": "<https://example.test/u>" },
    ...(envelopeFrom ? { envelope: { from: envelopeFrom, to } } : {}),
  });

async function state(): Promise<HarnessState> {
  return (await (await fetch(`${harness.controlUrl}/state`)).json()) as HarnessState;
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every message in the mailbox's INBOX, over IMAP. */
async function readInbox(): Promise<string[]> {
  const client = new ImapFlow({
    host: harness.imap.host,
    port: harness.imap.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: harness.imap.user, pass: harness.imap.pass },
    logger: false,
  });
  await client.connect();
  const raws: string[] = [];
  const lock = await client.getMailboxLock("INBOX");
  try {
    if ((client.mailbox && client.mailbox.exists) || 0)
      for await (const m of client.fetch("1:*", { source: true })) raws.push(m.source!.toString("utf8"));
  } finally {
    lock.release();
    await client.logout();
  }
  return raws;
}

beforeAll(async () => {
  harness = await startDeliverabilityHarness({ dsnDelayMs: 10 });
  smtp = nodemailer.createTransport({
    host: harness.smtp.host,
    port: harness.smtp.port,
    secure: false,
    auth: { user: harness.smtp.user, pass: harness.smtp.pass },
  });
});

afterAll(async () => {
  smtp?.close();
  await harness?.close();
});

describe("the deliverability e2e harness", () => {
  it("the sink keeps what it is sent, and mail to @bounce-me.test comes back as a DSN in the IMAP mailbox", async () => {
    const verp = "bounce-42-0a1b2c@bounce.shop-e2e.test";
    await send("gone@bounce-me.test", verp);
    await send("ann@inbox.test", "bounce-43-0d0e0f@bounce.shop-e2e.test");

    const received = (await state()).received;
    expect(received.map((m) => [m.mailFrom, m.rcptTo, m.authenticatedAs])).toEqual(
      expect.arrayContaining([
        [verp, ["gone@bounce-me.test"], "sink"],
        ["bounce-43-0d0e0f@bounce.shop-e2e.test", ["ann@inbox.test"], "sink"],
      ]),
    );

    // Only the bouncing recipient is reported, to the envelope sender, never to the From address.
    const inbox = await until(async () => {
      const raws = await readInbox();
      return raws.length ? raws : undefined;
    }, "the DSN in the mailbox");
    expect(inbox).toHaveLength(1);
    const dsn = await simpleParser(inbox[0]!);
    expect(dsn.to && !Array.isArray(dsn.to) ? dsn.to.value[0]?.address : null).toBe(verp);
    expect(dsn.headers.get("content-type")).toMatchObject({
      value: "multipart/report",
      params: { "report-type": "delivery-status" },
    });
    expect(inbox[0]).toMatch(/^Content-Type: message\/delivery-status\r$/m);
    expect(inbox[0]).toMatch(/^Final-Recipient: rfc822; gone@bounce-me\.test\r$/m);
    expect(inbox[0]).toMatch(/^Action: failed\r$/m);
    expect(inbox[0]).toMatch(/^Status: 5\.1\.1\r$/m);
    expect(inbox[0]).toMatch(/^Diagnostic-Code: smtp; 550 5\.1\.1 <gone@bounce-me\.test>/m);
    // The original's headers ride along (text/rfc822-headers), as bounce parsers use them to find the message.
    expect(inbox[0]).toMatch(/^Content-Type: text\/rfc822-headers\r$/m);
    expect(inbox[0]).toContain("Subject: Spring sale for gone@bounce-me.test");
    expect(inbox[0]).toContain("List-Unsubscribe: <https://example.test/u>");
    expect((await state()).mailbox.INBOX).toHaveLength(1);
  });

  it("a message from the null sender never bounces; one without a VERP address bounces to its From", async () => {
    const before = (await state()).dsns.length;
    // MAIL FROM:<> is what a DSN itself carries: an MTA never answers it with another DSN.
    const plain = nodemailer.createTransport({ host: harness.smtp.host, port: harness.smtp.port, secure: false });
    await plain.sendMail({
      envelope: { from: "", to: ["third@bounce-me.test"] },
      raw: "From: MAILER-DAEMON@elsewhere.test\r\nSubject: a DSN\r\n\r\nbody\r\n",
    });
    plain.close();
    // Without an envelope sender, nodemailer's MAIL FROM is the From address.
    await send("other@bounce-me.test", null);
    await until(async () => ((await state()).dsns.length > before ? true : undefined), "the second message's DSN");
    await new Promise((r) => setTimeout(r, 200));
    const dsns = (await state()).dsns.slice(before);
    expect(dsns.map((d) => [d.to, d.recipients])).toEqual([["news@shop-e2e.test", ["other@bounce-me.test"]]]);
  });

  it("refuses wrong SMTP credentials", async () => {
    const wrong = nodemailer.createTransport({
      host: harness.smtp.host,
      port: harness.smtp.port,
      secure: false,
      auth: { user: "sink", pass: "not the password" },
    });
    try {
      await expect(send("ann@inbox.test", null, wrong)).rejects.toMatchObject({ responseCode: 535 });
    } finally {
      wrong.close();
    }
  });

  it("the DNS table set through the control endpoint is what the app's resolver reads", async () => {
    const lookup = dnsLookup(harness.env.DNS_SERVERS, 2_000);
    expect(await lookup.txt("_dmarc.shop-e2e.test")).toEqual([]);
    const res = await fetch(`${harness.controlUrl}/dns`, {
      method: "PUT",
      body: JSON.stringify({
        "_dmarc.shop-e2e.test": [{ type: "TXT", data: "v=DMARC1; p=none" }],
        "bounce.shop-e2e.test": [{ type: "MX", exchange: harness.env.BOUNCE_MX_HOST, priority: 10 }],
      }),
    });
    expect(res.status).toBe(200);
    expect(await lookup.txt("_dmarc.shop-e2e.test")).toEqual([["v=DMARC1; p=none"]]);
    expect(await lookup.mx("bounce.shop-e2e.test")).toEqual([{ exchange: "mx.sendwell-e2e.test", priority: 10 }]);
    expect((await fetch(`${harness.controlUrl}/dns`, { method: "PUT", body: "[1]" })).status).toBe(400);
  });
});
