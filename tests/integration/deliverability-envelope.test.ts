// The envelope sender of broadcast mail (the VERP return path, server/deliverability/verp.ts) through the real sending
// engine and the SMTP transport into a real SMTP server: MAIL FROM names the recipient on the bounce domain, the From
// header stays the broadcast's; bounce.<From domain> only for the workspace's verified sending domain whose bounce
// record checks out, else BOUNCE_DOMAIN, else the From address as before.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { smtpTransport } from "@/server/email/smtp-transport";
import { readReturnPath, returnPathFor } from "@/server/deliverability/verp";
import { newDkimKey } from "@/server/deliverability/dkim-keys";
import type { Sender } from "@/server/sending/sender";
import { makeWorkspace } from "../support/fixtures";
import { makeBroadcast, seedContacts, senderFor, sendNow, waitForStatus } from "../support/sending";

type Received = { mailFrom: string; to: string; raw: string };
const received: Received[] = [];
let server: SMTPServer;
let smtpPort: number;
const senders: Sender[] = [];

beforeAll(async () => {
  process.env.SEND_POLL_INTERVAL = "20ms";
  server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo[0]?.address ?? "",
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpPort = (server.server.address() as AddressInfo).port;
});

beforeEach(() => {
  received.length = 0;
  delete process.env.BOUNCE_DOMAIN;
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  delete process.env.BOUNCE_DOMAIN;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stopJobSender();
});

async function addSendingDomain(workspaceId: string, domain: string, status: string, bounce: string) {
  const key = await newDkimKey(); // verified domains also sign (dkim-keys.ts): a real key
  await sql(
    `INSERT INTO "SendingDomain" (id, "workspaceId", domain, "dkimSelector", "dkimPublicKey", "dkimPrivateKey", checks,
                                  status, "updatedAt")
     VALUES ($1, $2, $3, 'sw1', $4, $5, $6::jsonb, $7, now())`,
    [
      randomUUID(),
      workspaceId,
      domain,
      key.publicKey,
      key.sealedPrivateKey,
      JSON.stringify({ bounce: { status: bounce, found: [], detail: null } }),
      status,
    ],
  );
}

/** Sends a broadcast from `fromEmail` to two new contacts; what the SMTP server got, with each recipient's row id. */
async function send(workspaceId: string, fromEmail: string) {
  const tag = randomUUID().slice(0, 8);
  await seedContacts(workspaceId, [{ email: `a-${tag}@example.org` }, { email: `b-${tag}@example.org` }]);
  const b = await makeBroadcast(workspaceId, { fromEmail });
  await sendNow(b);
  // A sender closes its transport when it stops: one transport per sender.
  senders.push(senderFor(workspaceId, smtpTransport({ host: "127.0.0.1", port: smtpPort })));
  await waitForStatus(b.id, "sent");
  const rows = await sql<{ id: string; email: string }>(
    `SELECT id, email FROM "BroadcastRecipient" WHERE "broadcastId" = $1`,
    [b.id],
  );
  return rows.map((r) => ({ id: BigInt(r.id), got: received.find((m) => m.to === r.email)! }));
}

const fromHeader = (raw: string) => /^From: (.*)$/m.exec(raw)?.[1]?.trim();

describe("the envelope sender", () => {
  it("is each recipient's signed return path on BOUNCE_DOMAIN; the From header is unchanged", async () => {
    process.env.BOUNCE_DOMAIN = "Bounces.Sendwell.test";
    const ws = await makeWorkspace();
    const sent = await send(ws.id, "news@example.com");
    expect(sent).toHaveLength(2);
    for (const { id, got } of sent) {
      expect(got.mailFrom).toBe(returnPathFor(id, "bounces.sendwell.test"));
      expect(readReturnPath(got.mailFrom)).toBe(id);
      expect(fromHeader(got.raw)).toBe("Sendwell Tests <news@example.com>");
    }
  });

  it("is on bounce.<From domain> when that is a verified sending domain of the workspace with its bounce record", async () => {
    process.env.BOUNCE_DOMAIN = "bounces.sendwell.test";
    const ws = await makeWorkspace();
    const domain = `${randomUUID().slice(0, 8)}.example.net`;
    await addSendingDomain(ws.id, domain, "verified", "verified");
    const sent = await send(ws.id, `news@${domain.toUpperCase()}`);
    for (const { id, got } of sent) expect(got.mailFrom).toBe(returnPathFor(id, `bounce.${domain}`));
    received.length = 0;
    const fromSub = await send(ws.id, `news@letters.${domain}`); // a subdomain uses its verified parent's, as DKIM does
    for (const { id, got } of fromSub) expect(got.mailFrom).toBe(returnPathFor(id, `bounce.${domain}`));
  });

  it("falls back to BOUNCE_DOMAIN for an unverified domain, one without its bounce record, or another workspace's", async () => {
    process.env.BOUNCE_DOMAIN = "bounces.sendwell.test";
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const [pending, noMx, theirs] = ["p", "m", "t"].map((p) => `${p}${randomUUID().slice(0, 8)}.example.net`);
    await addSendingDomain(ws.id, pending!, "pending", "verified");
    await addSendingDomain(ws.id, noMx!, "verified", "missing");
    await addSendingDomain(other.id, theirs!, "verified", "verified");
    for (const domain of [pending!, noMx!, theirs!]) {
      received.length = 0;
      const sent = await send(ws.id, `news@${domain}`);
      for (const { id, got } of sent) expect(got.mailFrom).toBe(returnPathFor(id, "bounces.sendwell.test"));
    }
  });

  it("stays the From address when there is no bounce domain at all", async () => {
    const ws = await makeWorkspace();
    const sent = await send(ws.id, "news@example.com");
    for (const { got } of sent) expect(got.mailFrom).toBe("news@example.com");
  });
});
