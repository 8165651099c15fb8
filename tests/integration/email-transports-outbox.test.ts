// The outbox transport stores each message once, whatever repeats: per recipient for broadcast messages, per batch
// key and position for messages without a recipient (test sends).
import { randomInt, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sql } from "@/server/db/pool";
import { outboxTransport } from "@/server/email/outbox-transport";
import { sendSingleEmail } from "@/server/email/send-email";
import { setTransportForTests, transport, transportFromEnv } from "@/server/email/transports";
import type { OutgoingEmail } from "@/server/email/transport";
import { makeWorkspace } from "../support/fixtures";

afterEach(() => {
  setTransportForTests(null);
  vi.restoreAllMocks();
});

const outbox = outboxTransport();
// Recipient ids are unique across the whole table: start each test run somewhere no other run has been.
const base = BigInt(randomInt(1, 2 ** 40)) * 1000n;
// Message ids derive from the batch key: keys unique to this run, so a database kept from earlier runs has none.
const run = randomUUID();

function message(workspaceId: string, i: number, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    workspaceId,
    kind: "broadcast",
    broadcastId: randomUUID(),
    recipientId: base + BigInt(i),
    from: '"Sendwell" <news@example.com>',
    to: `reader${i}@example.org`,
    replyTo: null,
    subject: `Issue ${i}`,
    html: `<p>Hello ${i}</p>`,
    text: `Hello ${i}`,
    headers: { "List-Unsubscribe": `<https://sendwell.test/u/t${i}/one-click>` },
    ...overrides,
  };
}

const rowsOf = (workspaceId: string) =>
  sql<{ id: string; recipientId: string | null; toAddress: string; subject: string; headers: unknown }>(
    `SELECT id, "recipientId"::text AS "recipientId", "toAddress", subject, headers FROM "OutboxMessage"
     WHERE "workspaceId" = $1 ORDER BY "toAddress"`,
    [workspaceId],
  );

describe("outbox transport", () => {
  it("stores a batch with its headers and returns the rows' ids", async () => {
    const ws = await makeWorkspace();
    const emails = [0, 1, 2].map((i) => message(ws.id, i, { replyTo: i === 0 ? "editor@example.com" : null }));
    const { providerMessageIds } = await outbox.sendBatch(emails, { idempotencyKey: randomUUID() });

    const rows = await rowsOf(ws.id);
    expect(rows.map((r) => r.toAddress)).toEqual(emails.map((e) => e.to));
    expect(new Set(providerMessageIds)).toEqual(new Set(rows.map((r) => r.id)));
    expect(rows[0]!.headers).toEqual({ "Reply-To": "editor@example.com", ...emails[0]!.headers });
    expect(rows[1]!.headers).toEqual(emails[1]!.headers);
  });

  it("stores each recipient's message once under repeated, re-keyed and concurrent sends", async () => {
    const ws = await makeWorkspace();
    const emails = [0, 1, 2, 3].map((i) => message(ws.id, 10 + i));
    const first = await outbox.sendBatch(emails, { idempotencyKey: `k-1-${run}` });
    const again = await outbox.sendBatch(emails, { idempotencyKey: `k-1-${run}` });
    // After a crash the sender may form the batch again under another key, and partly (one recipient left).
    const rekeyed = await outbox.sendBatch(emails.slice(1), { idempotencyKey: `k-2-${run}` });
    await Promise.all([1, 2, 3].map(() => outbox.sendBatch(emails, { idempotencyKey: `k-3-${run}` })));

    expect(again.providerMessageIds).toEqual(first.providerMessageIds);
    expect(rekeyed.providerMessageIds).toEqual(first.providerMessageIds.slice(1));
    const rows = await rowsOf(ws.id);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.recipientId)).toEqual(emails.map((e) => e.recipientId!.toString()));
  });

  it("stores a test send (no recipient) once per key, and again under a new key", async () => {
    const ws = await makeWorkspace();
    const test = message(ws.id, 0, { kind: "test", broadcastId: null, recipientId: null, to: "me@example.com" });
    setTransportForTests(outbox);
    const a = await sendSingleEmail(test, { idempotencyKey: `job-1-${run}` });
    const b = await sendSingleEmail(test, { idempotencyKey: `job-1-${run}` });
    const c = await sendSingleEmail(test, { idempotencyKey: `job-2-${run}` });
    expect(b.providerMessageId).toBe(a.providerMessageId);
    expect(c.providerMessageId).not.toBe(a.providerMessageId);
    expect(await rowsOf(ws.id)).toHaveLength(2);
  });
});

describe("outbox transport: account mail", () => {
  it("stores account mail with no workspace and prints its recipient and link to the log once", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const to = `person-${randomUUID()}@example.org`;
    const link = `https://sendwell.test/reset-password/${randomUUID()}`;
    const email: OutgoingEmail = {
      workspaceId: null,
      kind: "account",
      broadcastId: null,
      recipientId: null,
      from: '"Sendwell" <no-reply@sendwell.test>',
      to,
      subject: "Reset your Sendwell password",
      html: `<a href="${link}">Choose a new password</a>`,
      text: `Choose a new password [${link}]\nOr open this link: ${link}`,
      headers: {},
    };
    setTransportForTests(outbox);
    const key = `account-${randomUUID()}`;
    const first = await sendSingleEmail(email, { idempotencyKey: key });
    const repeat = await sendSingleEmail(email, { idempotencyKey: key });

    expect(repeat.providerMessageId).toBe(first.providerMessageId);
    const rows = await sql<{ workspaceId: string | null; kind: string }>(
      `SELECT "workspaceId", kind FROM "OutboxMessage" WHERE "toAddress" = $1`,
      [to],
    );
    expect(rows).toEqual([{ workspaceId: null, kind: "account" }]);
    // One line for the stored message, none for the repeat; the link once although the text has it twice.
    expect(info.mock.calls).toEqual([[`[outbox] account mail to ${to}: "Reset your Sendwell password" ${link}`]]);
  });

  it("prints nothing for workspace mail", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const ws = await makeWorkspace();
    await outbox.sendBatch([message(ws.id, 900, { text: "https://sendwell.test/secret" })], {
      idempotencyKey: randomUUID(),
    });
    expect(info).not.toHaveBeenCalled();
  });
});

describe("transport selection", () => {
  it("defaults to the outbox and names the variable on a wrong setting", () => {
    expect(transportFromEnv({}).name).toBe("outbox");
    expect(transportFromEnv({ EMAIL_TRANSPORT: "SMTP", SMTP_HOST: "localhost" }).name).toBe("smtp");
    expect(() => transportFromEnv({ EMAIL_TRANSPORT: "sendgrid" })).toThrow(
      'EMAIL_TRANSPORT must be one of outbox, resend, smtp (got "sendgrid").',
    );
    expect(() => transportFromEnv({ EMAIL_TRANSPORT: "resend" })).toThrow(/RESEND_API_KEY/);
    expect(() => transportFromEnv({ EMAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL or SMTP_HOST/);
    expect(() => transportFromEnv({ EMAIL_TRANSPORT: "smtp", SMTP_HOST: "h", SMTP_PORT: "x" })).toThrow(/SMTP_PORT/);
  });

  it("setTransportForTests replaces the process's transport until reset", () => {
    const fake = { name: "smtp" as const, sendBatch: async () => ({ providerMessageIds: [] }) };
    setTransportForTests(fake);
    expect(transport()).toBe(fake);
    setTransportForTests(null);
    expect(transport()).not.toBe(fake);
  });
});
