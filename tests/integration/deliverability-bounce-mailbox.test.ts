// The bounce mailbox reader against a real IMAP server (hoodiecrow, in-process) holding real DSN and ARF samples
// (tests/fixtures/bounces): the contact is suppressed and the message moved or deleted; an auto-reply is put away
// unapplied, an unknown message aside; a forged return path or a report naming another workspace's address changes
// nothing; a message read twice (a crash between applying and moving) applies once; bad settings and an unreachable
// server are recorded for the settings page, never thrown.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import hoodiecrow, { type HoodiecrowServer } from "hoodiecrow-imap";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { returnPathFor } from "@/server/deliverability/verp";
import { handleBounceMessage, pollBounceMailbox, startBounceMailbox } from "@/server/deliverability/bounce-mailbox";
import type { BounceMailboxConfig } from "@/server/deliverability/bounce-mailbox-config";
import { readMailboxStatus, takeMailboxLease } from "@/server/deliverability/bounce-mailbox-status";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentRecipient } from "../support/broadcast-rows";
import { eventually } from "../support/webhook-receiver";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/bounces");
const BOUNCE_DOMAIN = "bounce.sendwell-news.example";

let imap: HoodiecrowServer;
let config: BounceMailboxConfig;
let workspaceId: string;
let r: SentRecipient[];

beforeEach(async () => {
  imap = hoodiecrow({
    plugins: ["IDLE", "UIDPLUS", "MOVE", "SPECIAL-USE", "ENABLE"],
    users: { bounces: { password: "s3cret" } },
    storage: { INBOX: { messages: [] }, "": { separator: "/", folders: {} } },
  });
  await new Promise<void>((resolve) => imap.listen(0, "127.0.0.1", resolve));
  const { port } = imap.server.address() as AddressInfo;
  config = {
    host: "127.0.0.1",
    port,
    tls: "none",
    user: "bounces",
    pass: "s3cret",
    mailbox: "INBOX",
    after: "move",
    pollMs: 60_000,
  };
  workspaceId = (await makeWorkspace()).id;
  r = (await makeSentBroadcast({ workspaceId, count: 4 })).recipients;
  await sql(`DELETE FROM "BounceMailboxStatus"`, []);
});

afterEach(async () => {
  await new Promise<void>((resolve) => imap.close(() => resolve()));
});

/**
 * A sample as sent to one of our recipients: its return path (signed for `verpId` on the sample's bounce domain) made
 * `recipient`'s, and the failed address the sample names made the contact's.
 */
function sample(
  file: string,
  swap: { verpId: number; email: string },
  to: SentRecipient,
  extra: [string, string][] = [],
) {
  let raw = readFileSync(path.join(FIXTURES, file), "utf8")
    .replaceAll(returnPathFor(BigInt(swap.verpId), BOUNCE_DOMAIN), returnPathFor(to.id, BOUNCE_DOMAIN))
    .replaceAll(swap.email, to.email);
  for (const [from, into] of extra) raw = raw.replaceAll(from, into);
  return raw;
}

const append = (raw: string) => imap.appendMessage("INBOX", [], false, raw);
const count = (folder: string) => imap.getMailbox(folder)?.messages.length ?? 0;
const contactStatus = async (who: SentRecipient) =>
  (await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [who.contactId]))[0]?.status;
const eventsOf = (who: SentRecipient) =>
  sql<{ type: string }>(`SELECT type FROM "EmailEvent" WHERE "recipientId" = $1`, [who.id]);
const poll = async () => {
  expect(await takeMailboxLease("test")).toBe(true);
  return pollBounceMailbox(config, "test");
};

describe("the bounce mailbox", () => {
  it("applies a DSN and a complaint, puts away an auto-reply, moves an unknown message aside", async () => {
    append(sample("postfix-user-unknown.eml", { verpId: 1001, email: "ann.lee@example.org" }, r[0]!));
    append(sample("arf-aol.eml", { verpId: 1018, email: "quinn.t@aol.com" }, r[1]!));
    append(sample("vacation.eml", { verpId: 1022, email: "uma@example.net" }, r[2]!));
    append(sample("human-reply.eml", { verpId: 1024, email: "wendy@example.com" }, r[3]!));

    const result = await poll();

    expect(result).toEqual({ processed: 4, applied: 2, unrecognised: 1, more: false });
    expect(await contactStatus(r[0]!)).toBe("bounced");
    expect(await contactStatus(r[1]!)).toBe("complained");
    expect(await contactStatus(r[2]!)).toBe("subscribed");
    expect(await contactStatus(r[3]!)).toBe("subscribed");
    expect(count("INBOX")).toBe(0);
    expect(count("Sendwell/Processed")).toBe(3);
    expect(count("Sendwell/Unrecognised")).toBe(1);
    const [bounce] = await sql<{ kind: string; source: string; detail: string }>(
      `SELECT kind, source, detail FROM "ContactBounce" WHERE "contactId" = $1`,
      [r[0]!.contactId],
    );
    expect(bounce).toMatchObject({ kind: "hard", source: "mailbox" });
    expect(bounce?.detail).toMatch(/^550 5\.1\.1/);
  });

  it("matches a bounce without a return path by the original's Message-ID", async () => {
    append(
      sample("exchange-2003-text.eml", { verpId: 0, email: "greg.old@corp-example.com" }, r[0]!, [
        ["<77aa88bb99cc00dd11ee22ff33aa44bb@sendwell-news.example>", `<${r[0]!.providerMessageId}@sendwell.test>`],
      ]),
    );
    await sql(`UPDATE "BroadcastRecipient" SET "providerMessageId" = $2 WHERE id = $1`, [
      r[0]!.id,
      `<${r[0]!.providerMessageId}@sendwell.test>`,
    ]);
    expect((await poll()).applied).toBe(1);
    expect(await contactStatus(r[0]!)).toBe("bounced");
  });

  it("applies a message read twice once: a crash between applying and moving, and a second copy", async () => {
    const raw = sample("exim-failed.eml", { verpId: 1010, email: "jo.bloggs@example.co.uk" }, r[0]!);
    expect(await handleBounceMessage(Buffer.from(raw))).toBe("applied"); // applied, then the worker died
    append(raw);
    append(raw);
    const result = await poll();
    expect(result.processed).toBe(2);
    expect(count("Sendwell/Processed")).toBe(2);
    expect(await eventsOf(r[0]!)).toEqual([{ type: "bounced" }]);
    const bounces = await sql(`SELECT 1 FROM "ContactBounce" WHERE "contactId" = $1`, [r[0]!.contactId]);
    expect(bounces).toHaveLength(1);
  });

  it("changes nothing for a forged return path", async () => {
    append(sample("forged-verp.eml", { verpId: 0, email: "yusuf@example.org" }, r[0]!));
    // The genuine return path's signature on another recipient's id: altered, so forged too.
    const genuine = returnPathFor(r[1]!.id, BOUNCE_DOMAIN);
    const altered = genuine.replace(`bounce-${r[1]!.id.toString(36)}-`, `bounce-${r[0]!.id.toString(36)}-`);
    append(
      sample("postfix-user-unknown.eml", { verpId: 1001, email: "ann.lee@example.org" }, r[0]!, [
        [returnPathFor(r[0]!.id, BOUNCE_DOMAIN), altered],
        ["3f2a9c0d6e1b4a7c8d9e0f1a2b3c4d5e@sendwell-news.example", "unknown@elsewhere.example"],
      ]),
    );
    const result = await poll();
    expect(result).toMatchObject({ processed: 2, applied: 0, unrecognised: 2 });
    expect(await contactStatus(r[0]!)).toBe("subscribed");
    expect(await eventsOf(r[0]!)).toEqual([]);
    expect(count("Sendwell/Unrecognised")).toBe(2);
  });

  it("changes nothing when the report names another workspace's address", async () => {
    const other = await makeWorkspace();
    const [theirs] = (await makeSentBroadcast({ workspaceId: other.id, count: 1 })).recipients;
    // Our recipient's genuine return path, but the failed address is their contact's.
    append(
      sample("postfix-user-unknown.eml", { verpId: 1001, email: "ann.lee@example.org" }, r[0]!, [
        [r[0]!.email, theirs!.email],
      ]),
    );
    const result = await poll();
    expect(result).toMatchObject({ applied: 0, unrecognised: 1 });
    expect(await contactStatus(r[0]!)).toBe("subscribed");
    expect(await contactStatus(theirs!)).toBe("subscribed");
  });

  it("deletes what it applied when BOUNCE_IMAP_AFTER=delete (unknown mail is still kept aside)", async () => {
    config = { ...config, after: "delete" };
    append(sample("gmail-dsn.eml", { verpId: 1004, email: "dana.nowhere@gmail.com" }, r[0]!));
    append(sample("human-reply.eml", { verpId: 1024, email: "wendy@example.com" }, r[1]!));
    await poll();
    expect(await contactStatus(r[0]!)).toBe("bounced");
    expect(count("INBOX")).toBe(0);
    expect(count("Sendwell/Processed")).toBe(0);
    expect(count("Sendwell/Unrecognised")).toBe(1);
  });

  it("reads only the start of a message larger than it parses (the report is there)", async () => {
    const dsn = sample("postfix-user-unknown.eml", { verpId: 1001, email: "ann.lee@example.org" }, r[0]!);
    const end = dsn.lastIndexOf("--4Kx2mZ0sF3z9sHP");
    const padding = `${"A".repeat(76)}\r\n`.repeat(45_000); // ~3.5 MB inside the copy of the original
    append(dsn.slice(0, end) + padding + dsn.slice(end));
    expect(await poll()).toMatchObject({ processed: 1, applied: 1 });
    expect(await contactStatus(r[0]!)).toBe("bounced");
  });

  it("one worker at a time: a second finds the lease taken", async () => {
    expect(await takeMailboxLease("worker-a")).toBe(true);
    expect(await takeMailboxLease("worker-b")).toBe(false);
    expect(await takeMailboxLease("worker-a")).toBe(true);
  });

  it("records wrong credentials, an unreachable server and bad settings, and keeps running", async () => {
    const logs: string[] = [];
    const log = (m: string, f?: Record<string, unknown>) => logs.push(`${m} ${JSON.stringify(f ?? {})}`);
    const env = (over: Record<string, string>) => ({
      BOUNCE_IMAP_HOST: "127.0.0.1",
      BOUNCE_IMAP_PORT: String(config.port),
      BOUNCE_IMAP_TLS: "none",
      BOUNCE_IMAP_USER: "bounces",
      BOUNCE_IMAP_PASS: "wrong",
      ...over,
    });
    const reader = startBounceMailbox({ log, env: env({}) });
    await eventually(async () => (await readMailboxStatus())?.lastError ?? undefined, 10_000);
    await reader.stop();
    expect((await readMailboxStatus())?.lastError).toMatch(/BOUNCE_IMAP_USER \/ BOUNCE_IMAP_PASS/);
    expect(logs.join("\n")).toMatch(/bounce mailbox poll failed/);

    const closed = startBounceMailbox({ log, env: env({ BOUNCE_IMAP_PORT: "1" }) });
    await eventually(async () => /ECONNREFUSED/.test((await readMailboxStatus())?.lastError ?? ""), 10_000);
    await closed.stop();

    const bad = startBounceMailbox({ log, env: env({ BOUNCE_IMAP_TLS: "sometimes" }) });
    await eventually(async () => /BOUNCE_IMAP_TLS/.test((await readMailboxStatus())?.lastError ?? ""), 5_000);
    await bad.stop();

    const fine = startBounceMailbox({ log, env: env({ BOUNCE_IMAP_PASS: "s3cret" }) });
    append(sample("postfix-user-unknown.eml", { verpId: 1001, email: "ann.lee@example.org" }, r[0]!));
    fine.wake();
    await eventually(async () => (await contactStatus(r[0]!)) === "bounced", 10_000);
    await eventually(async () => (await readMailboxStatus())?.lastError === null, 5_000);
    await fine.stop();
    const status = await readMailboxStatus();
    expect(status).toMatchObject({ processed: 1, applied: 1, unrecognised: 0, lastError: null });
    expect(status?.lastSuccessAt).toBeInstanceOf(Date);
  });
});
