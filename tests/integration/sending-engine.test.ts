// The sending engine against the real database and the real outbox transport: audience resolution, exactly-once
// delivery (also with two engines on one broadcast), skips, pause/resume, transient and permanent failures, A/B
// tests, subscriber time zones, the send rate and scheduled starts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { stopJobSender } from "@/server/jobs/enqueue";
import { sql } from "@/server/db/pool";
import { outboxTransport } from "@/server/email/outbox-transport";
import { PermanentSendError, TransientSendError } from "@/server/email/transport";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { countAudience } from "@/server/broadcasts/audience";
import { fanOut } from "@/server/sending/fan-out";
import { claimBatches } from "@/server/sending/claim-batches";
import { sendBatch } from "@/server/sending/send-batch";
import { refreshSendProgress } from "@/server/sending/progress";
import { Prisma } from "@/server/db/generated/client";
import { pauseSending, resumeSending } from "@/server/sending/pause-resume";
import { applyAbWinner } from "@/server/sending/ab-winner";
import { startDueBroadcasts } from "@/server/sending/start-due-broadcasts";
import { instantInZone } from "@/lib/time-zones";
import type { Sender } from "@/server/sending/sender";
import { makeWorkspace } from "../support/fixtures";
import { drain } from "../support/broadcast-rows";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";
import { eventually, sleep } from "../support/webhook-receiver";
import {
  counting,
  makeBroadcast,
  manyContacts,
  recipientsOf,
  seedContacts,
  senderFor,
  sendNow,
  waitForStatus,
} from "../support/sending";

const senders: Sender[] = [];
const run = (s: Sender) => (senders.push(s), s);
beforeAll(() => {
  process.env.SEND_POLL_INTERVAL = "20ms";
  process.env.SEND_RETRY_BASE = "50ms";
  process.env.SEND_SWEEP_INTERVAL = "100ms";
  // Chunks that end mid-batch: every fan-out below crosses chunk boundaries.
  process.env.SEND_FANOUT_CHUNK = "150";
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
});
afterAll(() => stopJobSender());

const outboxOf = (broadcastId: string) =>
  sql<{ toAddress: string; headers: Record<string, string>; html: string; subject: string }>(
    `SELECT "toAddress", headers, html, subject FROM "OutboxMessage" WHERE "broadcastId" = $1`,
    [broadcastId],
  );

describe("audience", () => {
  it("takes subscribed contacts only, each once, by all, tags and segments", async () => {
    const ws = await makeWorkspace();
    const vip = await createTag({ workspaceId: ws.id, input: { name: "VIP" } });
    const beta = await createTag({ workspaceId: ws.id, input: { name: "Beta" } });
    await seedContacts(ws.id, manyContacts("plain", 5));
    await seedContacts(ws.id, manyContacts("vip", 3), [vip.id]);
    await seedContacts(ws.id, manyContacts("both", 2), [vip.id, beta.id]);
    await seedContacts(
      ws.id,
      [
        { email: "u@example.com", status: "unsubscribed" },
        { email: "b@example.com", status: "bounced" },
        { email: "c@example.com", status: "complained" },
        { email: "p@example.com", status: "pending" },
      ],
      [vip.id],
    );
    const spec = (audienceType: "all" | "segments" | "tags", audienceFilter: unknown) => ({
      workspaceId: ws.id,
      audienceType,
      audienceFilter,
    });
    expect(await countAudience(spec("all", {}))).toBe(10);
    expect(await countAudience(spec("tags", { tagIds: [vip.id, beta.id] }))).toBe(5);
    const hasVip = await createSegment({
      workspaceId: ws.id,
      input: { name: "VIPs", rules: { match: "all", conditions: [{ type: "tag", operator: "has", tagId: vip.id }] } },
    });
    const hasBeta = await createSegment({
      workspaceId: ws.id,
      input: { name: "Beta", rules: { match: "all", conditions: [{ type: "tag", operator: "has", tagId: beta.id }] } },
    });
    expect(await countAudience(spec("segments", { segmentIds: [hasVip.id, hasBeta.id] }))).toBe(5);
    expect(await countAudience(spec("segments", { segmentIds: [hasVip.id], excludeSegmentIds: [hasBeta.id] }))).toBe(3);
    expect(await countAudience(spec("segments", { segmentIds: [] }))).toBe(0);

    const b = await makeBroadcast(ws.id, { audienceType: "tags", audienceFilter: { tagIds: [vip.id, beta.id] } });
    await sendNow(b);
    const rows = await recipientsOf(b.id);
    expect(rows.map((r) => r.email).sort()).toEqual(
      ["both0", "both1", "vip0", "vip1", "vip2"].map((p) => `${p}@example.com`),
    );
  });

  it("names a deleted segment in a 422", async () => {
    const ws = await makeWorkspace();
    await expect(
      countAudience({
        workspaceId: ws.id,
        audienceType: "segments",
        audienceFilter: { segmentIds: ["00000000-0000-4000-8000-000000000000"] },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION", errors: [{ pointer: "#/audienceFilter/segmentIds/0" }] });
  });
});

describe("sending through the outbox", () => {
  it("sends every recipient exactly once, completes the broadcast and records it", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("once", 250));
    const b = await makeBroadcast(ws.id);
    const out = counting(outboxTransport());
    run(senderFor(ws.id, out.transport));
    await sendNow(b);
    await waitForStatus(b.id, "sent");

    const sent = await db().broadcast.findUniqueOrThrow({ where: { id: b.id } });
    expect(sent).toMatchObject({ sentCount: 250, failedCount: 0, recipientCount: 250 });
    expect(out.calls).toHaveLength(3);
    expect([...out.sends.values()].every((n) => n === 1)).toBe(true);
    const outbox = await outboxOf(b.id);
    expect(outbox).toHaveLength(250);
    const one = outbox.find((m) => m.toAddress === "once7@example.com")!;
    expect(one.subject).toBe("Hi F7");
    expect(one.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(one.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/sendwell\.test\/u\/[0-9a-z]+\.[\w-]{16}\/one-click>$/);
    expect(one.html).toMatch(/http:\/\/sendwell\.test\/t\/c\/\d+\/[0-9a-z]+\.[\w-]{16}/);
    expect(one.html).not.toContain("https://example.com/news");
    expect(one.html).toContain("1 Test Street, Testville");

    const events = await sql<{ payload: { recipientCount: number } }>(
      `SELECT payload FROM "Event" WHERE "workspaceId" = $1 AND type = 'broadcast.sent'`,
      [ws.id],
    );
    expect(events).toEqual([{ payload: { broadcastId: b.id, broadcastName: sent.name, recipientCount: 250 } }]);
    const [activity] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "ContactActivity" WHERE "broadcastId" = $1 AND type = 'email.sent'`,
      [b.id],
    );
    expect(activity!.n).toBe(250);
    // Stored in the outbox is as far as a message goes there: delivered, once the rollup has applied it.
    await drain();
    expect(await getBroadcastStats({ workspaceId: ws.id, broadcastId: b.id })).toMatchObject({
      sent: 250,
      delivered: 250,
    });
  });

  it("never double-sends with two engines on one broadcast", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("pair", 1200));
    const b = await makeBroadcast(ws.id);
    const out = counting(outboxTransport());
    await sendNow(b);
    run(senderFor(ws.id, out.transport));
    run(senderFor(ws.id, out.transport));
    await waitForStatus(b.id, "sent", 30_000);
    expect(out.sends.size).toBe(1200);
    expect([...out.sends.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(out.calls.map((c) => c.key)).size).toBe(out.calls.length);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).sentCount).toBe(1200);
  });

  it("writes each recipient once when the fan-out job runs twice at the same time", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("dup", 700));
    const b = await makeBroadcast(ws.id);
    await sendNow(b);
    await db().$executeRaw`DELETE FROM "BroadcastRecipient" WHERE "broadcastId" = ${b.id}::uuid`;
    await db().$executeRaw`DELETE FROM "BroadcastBatch" WHERE "broadcastId" = ${b.id}::uuid`;
    await db().broadcast.update({ where: { id: b.id }, data: { fanoutCursor: Prisma.DbNull, fanoutDoneAt: null } });
    await Promise.all([fanOut(b.id), fanOut(b.id)]);
    const [check] = await sql<{ recipients: number; distinct: number; batched: number; mismatched: number }>(
      `SELECT (SELECT count(*)::int FROM "BroadcastRecipient" WHERE "broadcastId" = $1) AS recipients,
              (SELECT count(DISTINCT "contactId")::int FROM "BroadcastRecipient" WHERE "broadcastId" = $1) AS distinct,
              (SELECT sum(size)::int FROM "BroadcastBatch" WHERE "broadcastId" = $1) AS batched,
              (SELECT count(*)::int FROM "BroadcastBatch" bb WHERE bb."broadcastId" = $1 AND bb.size <>
                 (SELECT count(*) FROM "BroadcastRecipient" r WHERE r."broadcastId" = $1 AND r."batchNo" = bb."batchNo")) AS mismatched`,
      [b.id],
    );
    expect(check).toEqual({ recipients: 700, distinct: 700, batched: 700, mismatched: 0 });
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).recipientCount).toBe(700);
  });

  it("skips contacts that unsubscribed after the fan-out", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("skip", 5));
    const b = await makeBroadcast(ws.id);
    await sendNow(b);
    await seedContacts(ws.id, [{ email: "skip2@example.com", status: "unsubscribed" }]);
    run(senderFor(ws.id, outboxTransport()));
    await waitForStatus(b.id, "sent");
    const rows = await recipientsOf(b.id);
    expect(rows.find((r) => r.email === "skip2@example.com")).toMatchObject({
      status: "failed",
      error: "skipped: contact unsubscribed",
    });
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({
      sentCount: 4,
      failedCount: 1,
    });
    expect(await outboxOf(b.id)).toHaveLength(4);
  });

  it("shows progress while sending: the settled batches' sums, refreshed by the sweep", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("progress", 300));
    const b = await makeBroadcast(ws.id);
    await sendNow(b);
    const [batch] = await claimBatches({ limit: 1, leaseMs: 60_000, workspaceIds: [ws.id] });
    expect(await sendBatch(batch!, outboxTransport())).toBe("sent");
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).sentCount).toBe(0);
    expect(await refreshSendProgress([ws.id])).toBe(1);
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({
      status: "sending",
      sentCount: batch!.batchNo === 1 ? 50 : 100,
    });
    expect(await refreshSendProgress([ws.id])).toBe(0);
  });

  it("pauses and resumes where it stopped", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("pause", 300));
    const b = await makeBroadcast(ws.id);
    await sendNow(b);
    await pauseSending({ workspaceId: ws.id, broadcastId: b.id });
    await expect(pauseSending({ workspaceId: ws.id, broadcastId: b.id })).rejects.toMatchObject({ code: "CONFLICT" });
    const out = counting(outboxTransport());
    run(senderFor(ws.id, out.transport));
    await sleep(300);
    expect(out.calls).toHaveLength(0);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("sending");
    await resumeSending({ workspaceId: ws.id, broadcastId: b.id });
    await waitForStatus(b.id, "sent");
    expect(out.sends.size).toBe(300);
    await expect(resumeSending({ workspaceId: ws.id, broadcastId: b.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("`sent`"),
    });
  });

  it("retries a transient failure under the same idempotency key and gives up on a permanent one", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("flaky", 200));
    const b = await makeBroadcast(ws.id);
    const out = counting(outboxTransport());
    let transient = 2;
    out.failWith((_, key) => {
      if (key.endsWith(":0") && transient-- > 0) return new TransientSendError("429 slow down", 10);
      if (key.endsWith(":1")) return new PermanentSendError("domain not verified");
      return null;
    });
    run(senderFor(ws.id, out.transport));
    await sendNow(b);
    await waitForStatus(b.id, "sent");
    expect(out.calls.filter((c) => c.key === `${b.id}:0`)).toHaveLength(3);
    const after = await db().broadcast.findUniqueOrThrow({ where: { id: b.id } });
    // Chunks of 150 make batches of 100, 50 | 50: batch 1 (50 recipients) fails for good.
    expect(after).toMatchObject({ sentCount: 150, failedCount: 50 });
    const rows = await recipientsOf(b.id);
    expect(rows.filter((r) => r.status === "failed").every((r) => r.error === "domain not verified")).toBe(true);
    const batches = await sql<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM "BroadcastBatch" WHERE "broadcastId" = $1 ORDER BY "batchNo"`,
      [b.id],
    );
    expect(batches).toEqual([
      { status: "sent", attempts: 3 },
      { status: "failed", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
  });

  it("fails a message refused for good and retries one refused for now on its own (SMTP's per-message answers)", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("permsg", 10));
    const b = await makeBroadcast(ws.id);
    const out = counting(outboxTransport());
    let busy = 2;
    out.refuseWith((e) => {
      if (e.to === "permsg3@example.com") return new PermanentSendError("550 mailbox unavailable");
      if (e.to === "permsg5@example.com" && busy-- > 0) return new TransientSendError("451 try again later");
      return null;
    });
    run(senderFor(ws.id, out.transport));
    await sendNow(b);
    await waitForStatus(b.id, "sent");
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({
      sentCount: 9,
      failedCount: 1,
    });
    expect(out.sends.get("permsg5@example.com")).toBe(1);
    expect(out.sends.get("permsg0@example.com")).toBe(1);
    expect(out.sends.has("permsg3@example.com")).toBe(false);
    const batches = await sql<{ batchNo: number; status: string; size: number }>(
      `SELECT "batchNo", status, size FROM "BroadcastBatch" WHERE "broadcastId" = $1 ORDER BY "batchNo"`,
      [b.id],
    );
    expect(batches).toEqual([
      { batchNo: -2, status: "sent", size: 1 },
      { batchNo: -1, status: "sent", size: 1 },
      { batchNo: 0, status: "sent", size: 10 },
    ]);
    expect((await recipientsOf(b.id)).find((r) => r.email === "permsg3@example.com")).toMatchObject({
      status: "failed",
      error: "550 mailbox unavailable",
    });
  });
});

describe("A/B tests", () => {
  it("sends the test split evenly, holds the rest, and sends the winner to them", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("ab", 1000));
    const b = await makeBroadcast(ws.id, {
      variants: [
        { id: "a", subject: "Subject A" },
        { id: "b", subject: "Subject B" },
      ],
      abTestPercent: 20,
    });
    run(senderFor(ws.id, outboxTransport()));
    await sendNow(b);
    const testDone = async () =>
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM "BroadcastBatch" WHERE "broadcastId" = $1 AND status = 'pending'`,
          [b.id],
        )
      )[0]!.n === 0;
    await eventually(testDone);
    let rows = await recipientsOf(b.id);
    const a = rows.filter((r) => r.variantId === "a").length;
    const bb = rows.filter((r) => r.variantId === "b").length;
    const held = rows.filter((r) => r.variantId === null).length;
    expect(a + bb).toBe(200); // exactly 20 % (lib/ab-split.ts)
    expect(Math.abs(a - bb)).toBeLessThanOrEqual(1);
    expect(held).toBe(1000 - a - bb);
    expect((await outboxOf(b.id)).length).toBe(a + bb);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("sending");

    await expect(applyAbWinner({ workspaceId: ws.id, broadcastId: b.id, variantId: "c" })).rejects.toMatchObject({
      code: "VALIDATION",
      errors: [{ pointer: "#/variantId" }],
    });
    await applyAbWinner({ workspaceId: ws.id, broadcastId: b.id, variantId: "b" });
    await waitForStatus(b.id, "sent");
    rows = await recipientsOf(b.id);
    expect(rows.filter((r) => r.variantId === "b")).toHaveLength(bb + held);
    const outbox = await outboxOf(b.id);
    expect(outbox).toHaveLength(1000);
    expect(outbox.filter((m) => m.subject === "Subject B")).toHaveLength(bb + held);
    await expect(applyAbWinner({ workspaceId: ws.id, broadcastId: b.id, variantId: "a" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});

describe("automatic A/B winner", () => {
  it("picks the variant with the most openers once the wait is over, and sends it to the rest", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("auto", 400));
    const b = await makeBroadcast(ws.id, {
      variants: [
        { id: "first", subject: "First" },
        { id: "second", subject: "Second" },
      ],
      abTestPercent: 50,
      abWinnerMetric: "opens",
      abWinnerAfterMinutes: 1,
    });
    run(senderFor(ws.id, outboxTransport()));
    await sendNow(b);
    const pending = async () =>
      (
        await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM "BroadcastBatch" WHERE "broadcastId" = $1 AND status = 'pending'`,
          [b.id],
        )
      )[0]!.n;
    await eventually(async () => (await pending()) === 0);
    // Openers (as the tracking rollup records them): more for "second". The wait is not over yet: no winner.
    await sql(
      `UPDATE "BroadcastRecipient" SET "openedAt" = now()
        WHERE id IN (SELECT id FROM "BroadcastRecipient" WHERE "broadcastId" = $1 AND "variantId" = 'second' LIMIT 30)
           OR id IN (SELECT id FROM "BroadcastRecipient" WHERE "broadcastId" = $1 AND "variantId" = 'first' LIMIT 10)`,
      [b.id],
    );
    await sleep(300);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).abWinner).toBeNull();
    // A minute later (the test batches' sentAt moved back instead of waiting):
    await sql(`UPDATE "BroadcastBatch" SET "sentAt" = "sentAt" - interval '61 seconds' WHERE "broadcastId" = $1`, [
      b.id,
    ]);
    await waitForStatus(b.id, "sent");
    const done = await db().broadcast.findUniqueOrThrow({ where: { id: b.id } });
    expect(done.abWinner).toBe("second");
    expect(done.sentCount).toBe(400);
    const rows = await recipientsOf(b.id);
    expect(rows.every((r) => r.variantId !== null)).toBe(true);
  });
});

describe("when it goes out", () => {
  it("gives each zone's recipients their own moment in subscriber time-zone mode", async () => {
    const ws = await makeWorkspace();
    await db().workspace.update({ where: { id: ws.id }, data: { defaultTimezone: "Europe/Paris" } });
    await seedContacts(ws.id, [
      { email: "tokyo@example.com", timezone: "Asia/Tokyo" },
      { email: "ny@example.com", timezone: "America/New_York" },
      { email: "kolkata@example.com", timezone: "Asia/Kolkata" },
      { email: "nozone@example.com" },
    ]);
    const localDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const b = await makeBroadcast(ws.id, { timezoneMode: "subscriber", localDate, localTime: "09:00" });
    await sendNow(b);
    const due = await sql<{ email: string; dueAt: Date }>(
      `SELECT r.email, bb."dueAt" FROM "BroadcastRecipient" r
         JOIN "BroadcastBatch" bb ON bb."broadcastId" = r."broadcastId" AND bb."batchNo" = r."batchNo"
        WHERE r."broadcastId" = $1`,
      [b.id],
    );
    const at = Object.fromEntries(due.map((d) => [d.email, d.dueAt.toISOString()]));
    expect(at).toEqual({
      "tokyo@example.com": instantInZone(localDate, "09:00", "Asia/Tokyo").toISOString(),
      "ny@example.com": instantInZone(localDate, "09:00", "America/New_York").toISOString(),
      "kolkata@example.com": instantInZone(localDate, "09:00", "Asia/Kolkata").toISOString(),
      "nozone@example.com": instantInZone(localDate, "09:00", "Europe/Paris").toISOString(),
    });
  });

  it("spaces batches by the workspace's send rate", async () => {
    const ws = await makeWorkspace();
    await db().workspace.update({ where: { id: ws.id }, data: { sendRatePerSecond: 50 } });
    await seedContacts(ws.id, manyContacts("rate", 300));
    const b = await makeBroadcast(ws.id);
    await sendNow(b);
    const batches = await sql<{ dueAt: Date }>(
      `SELECT "dueAt" FROM "BroadcastBatch" WHERE "broadcastId" = $1 ORDER BY "batchNo"`,
      [b.id],
    );
    const gaps = batches.slice(1).map((x, i) => x.dueAt.getTime() - batches[i]!.dueAt.getTime());
    // Batches of 100, 50 (chunk end), 100, 50 at 50 messages a second.
    expect(gaps).toEqual([2000, 1000, 2000]);
  });

  it("starts a scheduled broadcast when its time comes, once", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("sched", 3));
    const b = await makeBroadcast(ws.id, { status: "scheduled", scheduledAt: new Date(Date.now() - 1000) });
    const later = await makeBroadcast(ws.id, { status: "scheduled", scheduledAt: new Date(Date.now() + 3_600_000) });
    const [first, second] = await Promise.all([startDueBroadcasts([ws.id]), startDueBroadcasts([ws.id])]);
    expect(first + second).toBe(1);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("sending");
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: later.id } })).status).toBe("scheduled");
  });
});
