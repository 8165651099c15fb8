// POST /api/v1/broadcasts/{id}/test: validation, the queued job, and its handler run here against the outbox
// transport (EMAIL_TRANSPORT's default): rendered for a real contact or the sample one, never touching recipients or
// statistics, sent once however often the job runs. And contact deletion scrubbing recipient addresses (GDPR).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PgBoss from "pg-boss";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { sendTestEmailJob } from "@/server/jobs/send-test-email";
import { deleteContact } from "@/server/services/contacts/delete-contact";
import { makeWorkspace } from "../support/fixtures";
import { seedContacts, senderFor, sendNow, waitForStatus } from "../support/sending";
import { outboxTransport } from "@/server/email/outbox-transport";
import { act, byId, createBroadcast, forceStatus, pointers, readyDraft } from "../support/broadcast-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
  await seedContacts(ws.id, [{ email: "ada@example.com", firstName: "Ada" }]);
});
afterAll(() => stopJobSender());

type Outbox = { toAddress: string; subject: string; html: string; text: string; kind: string; fromAddress: string };
const outboxOf = (broadcastId: string) =>
  sql<Outbox>(
    `SELECT "toAddress", subject, html, text, kind, "fromAddress" FROM "OutboxMessage"
      WHERE "broadcastId" = $1 ORDER BY "toAddress"`,
    [broadcastId],
  );

/** Runs the queued send-test-email jobs of this broadcast with the job's own handler, as the worker would. */
async function runTestJobs(broadcastId: string, times = 1) {
  const jobs = await sql<{ id: string; data: unknown }>(
    `SELECT id, data FROM pgboss.job WHERE name = 'send-test-email' AND data->>'broadcastId' = $1`,
    [broadcastId],
  );
  for (let i = 0; i < times; i++) {
    for (const job of jobs) {
      await sendTestEmailJob.handle(
        [sendTestEmailJob.payload.parse(job.data)],
        [{ id: job.id, name: "send-test-email", data: job.data } as PgBoss.Job<unknown>],
      );
    }
  }
  return jobs.length;
}

describe("POST /api/v1/broadcasts/{id}/test", () => {
  it("queues one job and answers 202; the job puts the email in the outbox, rendered for the sample contact", async () => {
    const b = await readyDraft(ws);
    const res = await act("test", ws.writeKey, b.id, { body: { email: "qa@example.com" } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: "Test email queued for qa@example.com.", emails: ["qa@example.com"] });
    expect(await outboxOf(b.id)).toEqual([]); // the web process never sends itself
    expect(await runTestJobs(b.id)).toBe(1);
    const [mail, ...rest] = await outboxOf(b.id);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      toAddress: "qa@example.com",
      kind: "test",
      subject: "[Test] Hello Jane",
      fromAddress: '"Sendwell Tests" <news@example.com>',
    });
    expect(mail!.html).toContain("1 Test Street, Testville");
    expect(mail!.html).toContain("https://example.com/news"); // original links, no click tracking
    expect(mail!.text).toContain("Hello Jane");
  });

  it("sends once to an address given twice in different letter cases", async () => {
    const b = await readyDraft(ws);
    const res = await act("test", ws.writeKey, b.id, {
      body: { emails: ["QA@Example.com", "other@example.com", "qa@example.com"] },
    });
    expect(res.status).toBe(202);
    expect(res.body.emails).toEqual(["QA@Example.com", "other@example.com"]);
    await runTestJobs(b.id);
    expect((await outboxOf(b.id)).map((m) => m.toAddress).sort()).toEqual(["QA@Example.com", "other@example.com"]);
  });

  it("uses the workspace's contact with the target address, or the contact asked for", async () => {
    const b = await readyDraft(ws);
    await act("test", ws.writeKey, b.id, { body: { emails: ["ADA@example.com", "someone@example.com"] } });
    await runTestJobs(b.id);
    expect((await outboxOf(b.id)).map((m) => [m.toAddress, m.subject])).toEqual([
      ["ADA@example.com", "[Test] Hello Ada"],
      ["someone@example.com", "[Test] Hello Jane"],
    ]);

    const c = await readyDraft(ws);
    const ada = await db().contact.findFirstOrThrow({ where: { workspaceId: ws.id, email: "ada@example.com" } });
    await act("test", ws.writeKey, c.id, { body: { email: "boss@example.com", contactId: ada.id } });
    await runTestJobs(c.id);
    expect((await outboxOf(c.id)).map((m) => m.subject)).toEqual(["[Test] Hello Ada"]);
  });

  it("renders the A/B variant asked for", async () => {
    const b = await readyDraft(ws, {
      variants: [
        { id: "a", subject: "Variant A for {{firstName}}" },
        { id: "b", subject: "Variant B" },
      ],
    });
    await act("test", ws.writeKey, b.id, { body: { email: "qa@example.com", variantId: "a" } });
    await runTestJobs(b.id);
    expect((await outboxOf(b.id)).map((m) => m.subject)).toEqual(["[Test] Variant A for Jane"]);
  });

  it("tests an A/B broadcast without a subject of its own with its first variant", async () => {
    const b = await readyDraft(ws, {
      subject: null,
      variants: [
        { id: "x", subject: "First variant" },
        { id: "y", subject: "Second variant" },
      ],
    });
    expect((await act("test", ws.writeKey, b.id, { body: { email: "qa@example.com" } })).status).toBe(202);
    await runTestJobs(b.id);
    expect((await outboxOf(b.id)).map((m) => m.subject)).toEqual(["[Test] First variant"]);
  });

  it("sends once however often its job runs, and never touches recipients, counts or status", async () => {
    const b = await readyDraft(ws);
    await forceStatus(b.id, "sent", { sentCount: 4, recipientCount: 4 });
    expect((await act("test", ws.writeKey, b.id, { body: { emails: ["x@example.com"] } })).status).toBe(202);
    await runTestJobs(b.id, 3);
    expect(await outboxOf(b.id)).toHaveLength(1);
    expect(await sql(`SELECT 1 FROM "BroadcastRecipient" WHERE "broadcastId" = $1`, [b.id])).toEqual([]);
    expect((await byId("GET", ws.readKey, b.id)).body).toMatchObject({
      status: "sent",
      sentCount: 4,
      recipientCount: 4,
    });
  });

  it.each([
    [{}, "#/email"],
    [{ email: "a@example.com", emails: ["b@example.com"] }, "#/email"],
    [{ email: "not an address" }, "#/email"],
    [{ emails: [] }, "#/emails"],
    [{ emails: ["a@x.io", "b@x.io", "c@x.io", "d@x.io", "e@x.io", "f@x.io"] }, "#/emails"],
    [{ emails: ["a@x.io", "nope"] }, "#/emails/1"],
    [{ email: "a@x.io", contactId: "nope" }, "#/contactId"],
    [{ email: "a@x.io", contactId: "00000000-0000-4000-8000-000000000000" }, "#/contactId"],
    [{ email: "a@x.io", variantId: "zzz" }, "#/variantId"],
    [{ email: "a@x.io", extra: 1 }, "#"],
  ])("refuses %j pointing at %s, queuing nothing", async (body, pointer) => {
    const b = await readyDraft(ws);
    const res = await act("test", ws.writeKey, b.id, { body });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
    expect(await runTestJobs(b.id)).toBe(0);
  });

  it("refuses another workspace's contact, and a broadcast without subject, sender or content", async () => {
    const other = await makeWorkspace();
    await seedContacts(other.id, [{ email: "theirs@example.com" }]);
    const theirs = await db().contact.findFirstOrThrow({ where: { workspaceId: other.id } });
    const b = await readyDraft(ws);
    const res = await act("test", ws.writeKey, b.id, { body: { email: "a@x.io", contactId: theirs.id } });
    expect(pointers(res.body)).toEqual(["#/contactId"]);
    const { body: bare } = await createBroadcast(ws.writeKey, { name: "Bare" });
    const empty = await act("test", ws.writeKey, bare.id, { body: { email: "a@x.io" } });
    expect(empty.status).toBe(422);
    expect(pointers(empty.body).sort()).toEqual(["#/blocks", "#/fromEmail", "#/subject"]);
  });
});

describe("test emails per workspace and hour", () => {
  it("allows TEST_EMAILS_PER_HOUR addresses, then answers 429 with Retry-After and sends nothing more", async () => {
    process.env.TEST_EMAILS_PER_HOUR = "6";
    try {
      const own = await makeWorkspace();
      const b = await readyDraft(own);
      const five = ["a", "b", "c", "d", "e"].map((n) => `${n}@example.com`);
      expect((await act("test", own.writeKey, b.id, { body: { emails: five } })).status).toBe(202);
      const over = await act("test", own.writeKey, b.id, { body: { emails: ["f@example.com", "g@example.com"] } });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(over.body.detail).toMatch(/sent its 6 test emails for this hour \(1 left, fewer than the 2 asked for\)/);
      expect(await runTestJobs(b.id)).toBe(1); // the refused request queued nothing
      expect((await act("test", own.writeKey, b.id, { body: { email: "f@example.com" } })).status).toBe(202);
      expect((await act("test", own.writeKey, b.id, { body: { email: "g@example.com" } })).status).toBe(429);
      // Another workspace has its own allowance.
      const other = await makeWorkspace();
      const ob = await readyDraft(other);
      expect((await act("test", other.writeKey, ob.id, { body: { emails: five } })).status).toBe(202);
    } finally {
      delete process.env.TEST_EMAILS_PER_HOUR;
    }
  });
});

describe("contact deletion (GDPR)", () => {
  it("scrubs the contact's address from broadcast recipient rows, keeping the rows, and drops their outbox copies", async () => {
    const w = await makeWorkspace();
    await seedContacts(w.id, [{ email: "erase.me@example.com" }, { email: "keep.me@example.com" }]);
    const b = await readyDraft(w);
    await sendNow({ id: b.id, workspaceId: w.id });
    const sender = senderFor(w.id, outboxTransport());
    await waitForStatus(b.id, "sent");
    await sender.stop();
    const outbox = () =>
      sql<{ toAddress: string }>(`SELECT "toAddress" FROM "OutboxMessage" WHERE "broadcastId" = $1 ORDER BY 1`, [b.id]);
    expect((await outbox()).map((m) => m.toAddress)).toEqual(["erase.me@example.com", "keep.me@example.com"]);
    const erase = await db().contact.findFirstOrThrow({ where: { workspaceId: w.id, email: "erase.me@example.com" } });
    await deleteContact({ workspaceId: w.id, contactId: erase.id });
    const rows = await sql<{ email: string; contactId: string | null }>(
      `SELECT email, "contactId" FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY email`,
      [b.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.email)).toEqual(["", "keep.me@example.com"]);
    expect(rows[0]!.contactId).toBeNull();
    expect((await outbox()).map((m) => m.toAddress)).toEqual(["keep.me@example.com"]);
  });
});
