// The SMTP transport against a real SMTP server (smtp-server on 127.0.0.1): messages arrive with their headers,
// results are per message (4xx transient, 5xx permanent), and trouble reaching the server is transient.
import net from "node:net";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smtpTransport } from "@/server/email/smtp-transport";
import { transportFromEnv } from "@/server/email/transports";
import { PermanentSendError, TransientSendError, type OutgoingEmail, type Transport } from "@/server/email/transport";

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let server: SMTPServer;
let smtp: Transport;
const closers: (() => Promise<void>)[] = [];

// Recipients whose local part names a reply: tempfail@ → 451 after DATA, reject@ → 550 at RCPT TO.
function reply(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("reject")) return callback(reply(550, "5.1.1 No such mailbox"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (to.some((address) => address.startsWith("tempfail"))) {
          return callback(reply(451, "4.3.0 Try again later"));
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtp = transportFromEnv({ EMAIL_TRANSPORT: "smtp", SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await smtp?.close?.();
  for (const close of closers) await close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

function message(to: string, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    workspaceId: randomUUID(),
    kind: "broadcast",
    broadcastId: randomUUID(),
    recipientId: 1n,
    from: '"Sendwell News" <news@example.com>',
    to,
    replyTo: "editor@example.com",
    subject: `Hello ${to}`,
    html: "<p>Hello</p>",
    text: "Hello",
    headers: {
      "List-Unsubscribe": `<https://sendwell.test/u/${encodeURIComponent(to)}/one-click>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...overrides,
  };
}

/** A header's value from a raw message, unfolded (RFC 5322 long lines continue on lines starting with whitespace). */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => expect.fail("expected the send to throw"),
    (error: unknown) => error,
  );
}

describe("smtp transport", () => {
  it("delivers every message of a batch with its headers, and a Message-ID fixed by the batch key", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => message(`reader${i}@example.org`));
    const result = await smtp.sendBatch(emails, { idempotencyKey: "smtp-1" });

    expect(result.failures).toBeUndefined();
    expect(received.map((r) => r.to[0]).sort()).toEqual(emails.map((e) => e.to).sort());
    const first = received.find((r) => r.to[0] === "reader0@example.org")!;
    expect(first.from).toBe("news@example.com");
    expect(header(first.raw, "List-Unsubscribe")).toBe("<https://sendwell.test/u/reader0%40example.org/one-click>");
    expect(header(first.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header(first.raw, "Reply-To")).toBe("editor@example.com");
    expect(header(first.raw, "Message-ID")).toBe(result.providerMessageIds[0]);
    expect(result.providerMessageIds[0]).toMatch(/^<[0-9a-f]{32}@example\.com>$/);

    const again = await smtp.sendBatch(emails.slice(0, 1), { idempotencyKey: "smtp-1" });
    expect(again.providerMessageIds[0]).toBe(result.providerMessageIds[0]);
  });

  it("reports per-message failures: a 451 is transient, a 550 permanent, the rest are sent", async () => {
    const emails = [
      message("reader@example.org"),
      message("tempfail@example.org"),
      message("reject@example.org"),
      message("other@example.org"),
    ];
    const result = await smtp.sendBatch(emails, { idempotencyKey: "smtp-2" });

    expect(received.map((r) => r.to[0]).sort()).toEqual(["other@example.org", "reader@example.org"]);
    expect(result.providerMessageIds.map((id) => id !== null)).toEqual([true, false, false, true]);
    expect(result.failures?.map((f) => f.index)).toEqual([1, 2]);
    expect(result.failures?.[0]?.error).toBeInstanceOf(TransientSendError);
    expect(result.failures?.[0]?.error.message).toMatch(/451/);
    expect(result.failures?.[1]?.error).toBeInstanceOf(PermanentSendError);
    expect(result.failures?.[1]?.error.message).toMatch(/550/);
  });

  it("throws when no message went out: transient if any may pass later, else permanent", async () => {
    const temp = await rejection(
      smtp.sendBatch([message("tempfail@example.org"), message("reject@example.org")], { idempotencyKey: "smtp-3" }),
    );
    expect(temp).toBeInstanceOf(TransientSendError);

    const permanent = await rejection(
      smtp.sendBatch([message("reject@example.org"), message("reject2@example.org")], { idempotencyKey: "smtp-4" }),
    );
    expect(permanent).toBeInstanceOf(PermanentSendError);
    expect(received).toHaveLength(0);
  });

  it("a refused connection and a server that never answers are transient", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const refused = smtpTransport({ host: "127.0.0.1", port: closedPort, timeoutMs: 2_000 });
    closers.push(async () => refused.close?.());
    expect(
      await rejection(refused.sendBatch([message("reader@example.org")], { idempotencyKey: "smtp-5" })),
    ).toBeInstanceOf(TransientSendError);

    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket)); // accepts, never greets
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const hanging = smtpTransport({ host: "127.0.0.1", port: (silent.address() as AddressInfo).port, timeoutMs: 300 });
    closers.push(async () => hanging.close?.());
    const error = await rejection(hanging.sendBatch([message("reader@example.org")], { idempotencyKey: "smtp-6" }));
    expect(error).toBeInstanceOf(TransientSendError);
  });
});
