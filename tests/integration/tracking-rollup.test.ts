// The tracking rollup: a scripted set of hits through the real public endpoints, then the counts it must produce
// on recipients, BroadcastStats, hourly/device/link rollups, contact timelines and the Event log.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { deleteContact } from "@/server/services/contacts/delete-contact";
import { makeWorkspace } from "../support/fixtures";
import { applyNextEvents } from "@/server/tracking/rollup";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { GET as openPixel } from "@/app/(public)/t/o/[token]/route";
import { GET as clickLink } from "@/app/(public)/t/c/[linkId]/[token]/route";

const HUMAN =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const MPP = "Mozilla/5.0";
const SCANNER = "Mimecast-URL-Protect/1.0";

async function open(token: string, ua: string) {
  const res = await openPixel(new Request(`http://sendwell.test/t/o/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ token }),
  });
  return res;
}

async function click(linkId: bigint | string, token: string, ua: string) {
  return clickLink(new Request(`http://sendwell.test/t/c/${linkId}/${token}`, { headers: { "user-agent": ua } }), {
    params: Promise.resolve({ linkId: String(linkId), token }),
  });
}

const statsOf = async (broadcastId: string) =>
  (await sql(`SELECT * FROM "BroadcastStats" WHERE "broadcastId" = $1`, [broadcastId]))[0];

describe("tracking rollup", () => {
  let b: SentBroadcast;
  let workspaceId: string;

  beforeAll(async () => {
    workspaceId = (await makeWorkspace()).id;
    b = await makeSentBroadcast({ workspaceId, count: 4 });
    // A webhook that is subscribed but disabled: its tasks are written (paused) and never attempted, which shows the
    // Event rows the rollup writes reach the webhook fan-out trigger.
    await sql(
      `INSERT INTO "Webhook" (id, "workspaceId", url, events, "isActive", "secretCiphertext", "disabledAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'https://hooks.example/tracking', ARRAY['email.opened', 'email.clicked'], false,
               'unused', now(), now())`,
      [workspaceId],
    );
    const [r0, r1, r2, r3] = b.recipients as [SentBroadcast["recipients"][number], ...SentBroadcast["recipients"]];
    const [a, bLink] = b.links as [SentBroadcast["links"][number], SentBroadcast["links"][number]];
    // r0: a person opens twice (one batch), then again after the first rollup, and clicks link a twice and b once.
    await open(r0.token, HUMAN);
    await open(r0.token, HUMAN);
    // r1: Apple MPP opens it, then the person clicks on a desktop.
    await open(r1!.token, MPP);
    // r2: only a scanner, which opens and clicks.
    await open(r2!.token, SCANNER);
    await click(a.id, r2!.token, SCANNER);
    await drain();
    await open(r0.token, DESKTOP);
    await click(a.id, r0.token, HUMAN);
    await click(a.id, r0.token, HUMAN);
    await click(bLink.id, r0.token, HUMAN);
    await drain();
    await click(a.id, r0.token, DESKTOP);
    await click(a.id, r1!.token, DESKTOP);
    // r3: nothing at all.
    void r3;
    await drain();
  });

  it("counts unique, total, machine and MPP opens, and human clicks, in BroadcastStats", async () => {
    expect(await statsOf(b.id)).toMatchObject({
      uniqueOpens: 2, // r0 and r1 (MPP counts as an open); the scanner's does not
      totalOpens: 5,
      machineOpens: 1,
      mppAffected: 1,
      clicked: 2, // r0 and r1
      totalClicks: 5, // the scanner's click is not one
      delivered: 0,
      bounced: 0,
      unsubscribed: 0,
    });
  });

  it("sets recipients' first open and click and their counters", async () => {
    const rows = await sql<{
      id: string;
      openedAt: Date | null;
      openCount: number;
      machineOpenCount: number;
      mppOpenCount: number;
      clickedAt: Date | null;
      clickCount: number;
    }>(
      `SELECT id, "openedAt", "openCount", "machineOpenCount", "mppOpenCount", "clickedAt", "clickCount"
         FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`,
      [b.id],
    );
    expect(
      rows.map(({ id: _id, openedAt, clickedAt, ...r }) => ({ ...r, opened: !!openedAt, clicked: !!clickedAt })),
    ).toEqual([
      { openCount: 3, machineOpenCount: 0, mppOpenCount: 0, clickCount: 4, opened: true, clicked: true },
      { openCount: 1, machineOpenCount: 0, mppOpenCount: 1, clickCount: 1, opened: true, clicked: true },
      { openCount: 0, machineOpenCount: 1, mppOpenCount: 0, clickCount: 0, opened: false, clicked: false },
      { openCount: 0, machineOpenCount: 0, mppOpenCount: 0, clickCount: 0, opened: false, clicked: false },
    ]);
  });

  it("counts link clicks, unique per recipient and link across batches", async () => {
    const links = await sql<{ url: string; totalClicks: number; uniqueClicks: number }>(
      `SELECT url, "totalClicks", "uniqueClicks" FROM "BroadcastLink" WHERE "broadcastId" = $1 ORDER BY position`,
      [b.id],
    );
    expect(links).toEqual([
      { url: "https://example.com/a", totalClicks: 4, uniqueClicks: 2 },
      { url: "https://example.com/b", totalClicks: 1, uniqueClicks: 1 },
    ]);
  });

  it("counts human clicks by device and human engagement by hour after the send", async () => {
    const devices = await sql(
      `SELECT device, clicks FROM "BroadcastDeviceStats" WHERE "broadcastId" = $1 ORDER BY device`,
      [b.id],
    );
    expect(devices).toEqual([
      { device: "Desktop", clicks: 2 },
      { device: "Mobile", clicks: 3 },
    ]);
    const hours = await sql(
      `SELECT "hoursAfterSend", opens, clicks FROM "BroadcastHourlyStats" WHERE "broadcastId" = $1`,
      [b.id],
    );
    // Sent an hour ago (tests/support/broadcast-rows.ts): every hit lands in hour 1.
    expect(hours).toEqual([{ hoursAfterSend: 1, opens: 4, clicks: 5 }]);
  });

  it("writes the first open and every human click to the contact's timeline and the Event log", async () => {
    const r0 = b.recipients[0]!;
    const activity = await sql<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM "ContactActivity" WHERE "contactId" = $1 AND "broadcastId" = $2 ORDER BY seq`,
      [r0.contactId, b.id],
    );
    expect(activity.map((a) => a.type).sort()).toEqual([
      "email.clicked",
      "email.clicked",
      "email.clicked",
      "email.clicked",
      "email.opened",
    ]);
    expect(activity.find((a) => a.type === "email.opened")?.data).toEqual({ class: "human" });
    const events = await sql<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM "Event" WHERE "workspaceId" = $1 AND type LIKE 'email.%' GROUP BY type ORDER BY type`,
      [workspaceId],
    );
    expect(events).toEqual([
      { type: "email.clicked", n: 5 },
      { type: "email.opened", n: 2 },
    ]);
    const [opened] = await sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM "Event" WHERE "workspaceId" = $1 AND type = 'email.opened' AND payload->>'contactId' = $2`,
      [workspaceId, b.recipients[1]!.contactId],
    );
    expect(opened?.payload).toEqual({
      broadcastId: b.id,
      contactId: b.recipients[1]!.contactId,
      email: b.recipients[1]!.email,
      class: "mpp",
    });
  });

  it("fans the rollup's Event rows out to subscribed webhooks", async () => {
    const tasks = await sql<{ type: string; n: number }>(
      `SELECT e.type, count(*)::int AS n FROM "WebhookTask" t JOIN "Event" e ON e.id = t."eventId"
        WHERE t."workspaceId" = $1 AND t.status = 'paused' GROUP BY e.type ORDER BY e.type`,
      [workspaceId],
    );
    expect(tasks).toEqual([
      { type: "email.clicked", n: 5 },
      { type: "email.opened", n: 2 },
    ]);
  });
});

describe("tracking rollup for an erased contact", () => {
  it("keeps counting its opens and clicks anonymously, with no timeline or Event row", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    const r = b.recipients[0]!;
    await deleteContact({ workspaceId, contactId: r.contactId });
    const eventsBefore = await sql(`SELECT 1 FROM "Event" WHERE "workspaceId" = $1 AND type LIKE 'email.%'`, [
      workspaceId,
    ]);
    await open(r.token, HUMAN);
    await click(b.links[0]!.id, r.token, HUMAN);
    await click(b.links[0]!.id, r.token, HUMAN);
    await drain();
    await click(b.links[0]!.id, r.token, HUMAN);
    await drain();
    expect(await statsOf(b.id)).toMatchObject({ uniqueOpens: 1, clicked: 1, totalClicks: 3 });
    const [link] = await sql(`SELECT "totalClicks", "uniqueClicks" FROM "BroadcastLink" WHERE id = $1`, [
      b.links[0]!.id.toString(),
    ]);
    expect(link).toEqual({ totalClicks: 3, uniqueClicks: 1 });
    expect(await sql(`SELECT 1 FROM "Event" WHERE "workspaceId" = $1 AND type LIKE 'email.%'`, [workspaceId])).toEqual(
      eventsBefore,
    );
    expect(await sql(`SELECT 1 FROM "ContactActivity" WHERE "broadcastId" = $1`, [b.id])).toEqual([]);
  });
});

describe("tracking rollup and sequence gaps", () => {
  it("waits before a fresh gap in seq (an insert that may still commit), and passes it once it has settled", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 1 });
    await drain();
    // A number taken by an insert that has not committed (here: never will), then a committed event after it.
    await sql(`SELECT nextval(pg_get_serial_sequence('"EmailEvent"', 'seq'))`, []);
    await open(b.recipients[0]!.token, HUMAN);
    const [after] = await sql<{ seq: string }>(`SELECT max(seq)::text AS seq FROM "EmailEvent"`, []);
    let result = await applyNextEvents();
    while (result.busy) result = await applyNextEvents();
    expect(result.lastSeq).toBeLessThan(BigInt(after!.seq));
    expect(await statsOf(b.id)).toBeUndefined();
    // Seconds later the gap is taken as permanent (a rolled-back insert) and the event behind it is applied.
    await sql(`UPDATE "EmailEvent" SET "createdAt" = now() - interval '10 seconds' WHERE seq = $1`, [after!.seq]);
    await drain();
    expect(await statsOf(b.id)).toMatchObject({ uniqueOpens: 1 });
  });
});

describe("tracking rollup from several workers at once", () => {
  it("applies every event exactly once", async () => {
    const workspaceId = (await makeWorkspace()).id;
    const b = await makeSentBroadcast({ workspaceId, count: 20 });
    for (const r of b.recipients) {
      await open(r.token, HUMAN);
      await open(r.token, MPP);
      await click(b.links[0]!.id, r.token, DESKTOP);
    }
    // Small batches, four workers racing for them: each batch is applied by whoever holds the cursor's row lock.
    const [target] = await sql<{ max: string }>(`SELECT max(seq)::text AS max FROM "EmailEvent"`, []);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 500; i++) {
          const r = await applyNextEvents(7);
          if (!r.busy && r.lastSeq >= BigInt(target!.max)) return;
        }
      }),
    );
    await drain();
    expect(await statsOf(b.id)).toMatchObject({
      uniqueOpens: 20,
      totalOpens: 40,
      mppAffected: 20,
      clicked: 20,
      totalClicks: 20,
    });
    const [link] = await sql(`SELECT "totalClicks", "uniqueClicks" FROM "BroadcastLink" WHERE id = $1`, [
      b.links[0]!.id.toString(),
    ]);
    expect(link).toEqual({ totalClicks: 20, uniqueClicks: 20 });
  });
});
