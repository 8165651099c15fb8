// Every state move of a broadcast through the API (spec §3.1 and what it leaves open), legal and illegal: send with
// its readiness check, schedule (fixed, and subscriber time zones across three zones, down to the batches' due
// times), cancel, pause/resume, the A/B winner, resend to non-openers. Every refused move is a 409 naming the status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { fanOut } from "@/server/sending/fan-out";
import { startDueBroadcasts } from "@/server/sending/start-due-broadcasts";
import { EARLIEST_ZONE, instantInZone } from "@/lib/time-zones";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { act, byId, createBroadcast, forceStatus, pointers, readyDraft, type Action } from "../support/broadcast-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
  await seedContacts(ws.id, manyContacts("states", 3));
});
afterAll(() => stopJobSender());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const dayIn = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(at);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const eventsOf = (broadcastId: string, type: string) =>
  sql<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM "Event" WHERE type = $1 AND payload->>'broadcastId' = $2 ORDER BY seq`,
    [type, broadcastId],
  );

describe("send", () => {
  it("answers one 422 listing every missing piece", async () => {
    const bare = await makeWorkspace();
    const { body: b } = await createBroadcast(bare.writeKey, { name: "Bare" });
    const res = await act("send", bare.writeKey, b.id);
    expect(res.status).toBe(422);
    expect(pointers(res.body).sort()).toEqual([
      "#/audienceFilter",
      "#/blocks",
      "#/fromEmail",
      "#/subject",
      "#/workspace/postalAddress",
    ]);
    expect(res.body.detail).toMatch(/subject.*from address.*blocks.*audience.*postal address/is);
    expect((await byId("GET", bare.readKey, b.id)).body.status).toBe("draft");
  });

  it("names a deleted segment of the audience in the same 422", async () => {
    const b = await readyDraft(ws);
    await db().broadcast.update({
      where: { id: b.id },
      data: { audienceType: "segments", audienceFilter: { segmentIds: ["00000000-0000-4000-8000-000000000000"] } },
    });
    const res = await act("send", ws.writeKey, b.id);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/audienceFilter/segmentIds/0"]);
  });

  it("keeps a draft's button without a link, tests it, and refuses to send or schedule it with a pointer", async () => {
    const button = { type: "button", text: "Order now", href: "" };
    const b = await readyDraft(ws, {
      blocks: [
        { type: "text", text: "Fresh bread" },
        { type: "columns", columns: [{ blocks: [] }, { blocks: [button] }] },
      ],
    });
    // Saved as it is: a draft may be unfinished.
    expect((await byId("GET", ws.readKey, b.id)).body.blocks[1].columns[1].blocks[0].href).toBe("");
    const patched = await byId("PATCH", ws.writeKey, b.id, { blocks: [button] });
    expect(patched.status).toBe(200);
    // A test shows work in progress, dead button and all.
    expect((await act("test", ws.writeKey, b.id, { body: { email: "proof@example.com" } })).status).toBe(202);

    const sent = await act("send", ws.writeKey, b.id);
    expect(sent.status).toBe(422);
    expect(sent.body.errors).toEqual([
      { pointer: "#/blocks/0/href", detail: "The button “Order now” has no link: add one." },
    ]);
    expect(sent.body.detail).toBe("The broadcast is not ready to send: The button “Order now” has no link: add one.");
    const scheduled = await act("schedule", ws.writeKey, b.id, {
      body: { timezoneMode: "fixed", scheduledAt: inDays(2).toISOString() },
    });
    expect(scheduled.status).toBe(422);
    expect(pointers(scheduled.body)).toEqual(["#/blocks/0/href"]);
    expect((await byId("GET", ws.readKey, b.id)).body.status).toBe("draft");

    // A link given, it goes.
    await byId("PATCH", ws.writeKey, b.id, { blocks: [{ ...button, href: "https://shop.example/order" }] });
    expect((await act("send", ws.writeKey, b.id)).status).toBe(202);
  });

  it("queues a ready draft: 202 with the recipient count, status sending, then 409 naming sending", async () => {
    const b = await readyDraft(ws);
    const res = await act("send", ws.writeKey, b.id);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: b.id,
      status: "sending",
      message: "Queued for sending to 3 recipients.",
      recipientCount: 3,
    });
    expect((await byId("GET", ws.readKey, b.id)).body).toMatchObject({ status: "sending", recipientCount: 3 });
    const sending = await eventsOf(b.id, "broadcast.sending");
    expect(sending.map((e) => e.payload)).toEqual([{ broadcastId: b.id, broadcastName: b.name }]);
    const again = await act("send", ws.writeKey, b.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("sending");
  });

  it("sends a scheduled broadcast now", async () => {
    const b = await readyDraft(ws);
    expect((await act("schedule", ws.writeKey, b.id, { body: { scheduledAt: inDays(2).toISOString() } })).status).toBe(
      200,
    );
    expect((await act("send", ws.writeKey, b.id)).status).toBe(202);
  });
});

describe("schedule (fixed)", () => {
  it("schedules a draft, reschedules it, and records broadcast.scheduled each time", async () => {
    const b = await readyDraft(ws);
    const at = inDays(1);
    const res = await act("schedule", ws.writeKey, b.id, { body: { scheduledAt: at.toISOString() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "scheduled", timezoneMode: "fixed", scheduledAt: at.toISOString() });
    const later = inDays(3);
    const again = await act("schedule", ws.writeKey, b.id, {
      body: { timezoneMode: "fixed", scheduledAt: later.toISOString() },
    });
    expect(again.body).toMatchObject({ status: "scheduled", scheduledAt: later.toISOString() });
    const events = await eventsOf(b.id, "broadcast.scheduled");
    expect(events.map((e) => e.payload.scheduledAt)).toEqual([at.toISOString(), later.toISOString()]);
    expect(events[0]!.payload.broadcastName).toBe(b.name);
  });

  it.each([
    [{ scheduledAt: new Date(Date.now() - 60_000).toISOString() }, "#/scheduledAt"],
    [{ scheduledAt: inDays(400).toISOString() }, "#/scheduledAt"],
    [{ scheduledAt: "tomorrow" }, "#/scheduledAt"],
    [{}, "#/scheduledAt"],
    [{ timezoneMode: "fixed", localDate: "2030-01-01", scheduledAt: inDays(1).toISOString() }, "#/localDate"],
    [{ timezoneMode: "local" }, "#/timezoneMode"],
  ])("refuses %j pointing at %s", async (body, pointer) => {
    const b = await readyDraft(ws);
    const res = await act("schedule", ws.writeKey, b.id, { body });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
    expect((await byId("GET", ws.readKey, b.id)).body.status).toBe("draft");
  });

  it("runs the readiness check", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Not ready" });
    const res = await act("schedule", ws.writeKey, b.id, { body: { scheduledAt: inDays(1).toISOString() } });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(expect.arrayContaining(["#/subject", "#/fromEmail", "#/blocks"]));
  });
});

describe("schedule (subscriber time zones)", () => {
  it("answers the earliest zone's moment, and each of three zones' contacts fall due at 09:00 their time", async () => {
    const w = await makeWorkspace();
    await db().workspace.update({ where: { id: w.id }, data: { defaultTimezone: "Europe/Lisbon" } });
    await seedContacts(w.id, [
      { email: "tokyo@example.com", timezone: "Asia/Tokyo" },
      { email: "la@example.com", timezone: "America/Los_Angeles" },
      { email: "nowhere@example.com" }, // no zone: the workspace's default, Lisbon
      { email: "bad@example.com", timezone: "Mars/Olympus" },
    ]);
    const b = await readyDraft(w);
    const localDate = addDays(dayIn("UTC", new Date()), 5);
    const res = await act("schedule", w.writeKey, b.id, {
      body: { timezoneMode: "subscriber", localDate, localTime: "09:00" },
    });
    expect(res.status).toBe(200);
    const first = instantInZone(localDate, "09:00", EARLIEST_ZONE);
    expect(res.body).toMatchObject({
      status: "scheduled",
      timezoneMode: "subscriber",
      localDate,
      localTime: "09:00",
      scheduledAt: first.toISOString(),
    });

    // The scheduler starts it at that moment; the fan-out gives each contact its own zone's 09:00.
    expect(await startDueBroadcasts([w.id], new Date(first.getTime() - 1))).toBe(0);
    expect(await startDueBroadcasts([w.id], first)).toBe(1);
    await fanOut(b.id);
    const due = await sql<{ email: string; dueAt: Date }>(
      `SELECT r.email, bb."dueAt" FROM "BroadcastRecipient" r
         JOIN "BroadcastBatch" bb ON bb."broadcastId" = r."broadcastId" AND bb."batchNo" = r."batchNo"
        WHERE r."broadcastId" = $1`,
      [b.id],
    );
    const at = Object.fromEntries(due.map((r) => [r.email, r.dueAt.toISOString()]));
    expect(at).toEqual({
      "tokyo@example.com": instantInZone(localDate, "09:00", "Asia/Tokyo").toISOString(),
      "la@example.com": instantInZone(localDate, "09:00", "America/Los_Angeles").toISOString(),
      "nowhere@example.com": instantInZone(localDate, "09:00", "Europe/Lisbon").toISOString(),
      "bad@example.com": instantInZone(localDate, "09:00", "Europe/Lisbon").toISOString(),
    });
    expect(new Set(Object.values(at)).size).toBe(3);
  });

  it("refuses a time already past in the earliest zone, naming the earliest acceptable date", async () => {
    const b = await readyDraft(ws);
    const today = dayIn(EARLIEST_ZONE, new Date());
    // 00:00 today has passed in UTC+14 (it is still ahead in the Americas): the earliest good date is tomorrow there.
    const res = await act("schedule", ws.writeKey, b.id, {
      body: { timezoneMode: "subscriber", localDate: today, localTime: "00:00" },
    });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/localDate"]);
    expect(res.body.detail).toContain(
      `earliest date that reaches every contact at 00:00 their time is ${addDays(today, 1)}`,
    );
    const ok = await act("schedule", ws.writeKey, b.id, {
      body: { timezoneMode: "subscriber", localDate: addDays(today, 1), localTime: "00:00" },
    });
    expect(ok.status).toBe(200);
  });

  it.each([
    [{ timezoneMode: "subscriber", localDate: "2030-02-30", localTime: "09:00" }, "#/localDate"],
    [{ timezoneMode: "subscriber", localDate: "2030-01-01", localTime: "24:00" }, "#/localTime"],
    [{ timezoneMode: "subscriber", localTime: "09:00" }, "#/localDate"],
    [{ timezoneMode: "subscriber", localDate: "2030-01-01", localTime: "9:00" }, "#/localTime"],
    [
      { timezoneMode: "subscriber", localDate: addDays(dayIn("UTC", new Date()), 400), localTime: "09:00" },
      "#/localDate",
    ],
  ])("refuses %j pointing at %s", async (body, pointer) => {
    const b = await readyDraft(ws);
    const res = await act("schedule", ws.writeKey, b.id, { body });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toContain(pointer);
  });
});

describe("editing a scheduled broadcast", () => {
  it("keeps it scheduled at the same time", async () => {
    const b = await readyDraft(ws);
    const at = inDays(2).toISOString();
    await act("schedule", ws.writeKey, b.id, { body: { scheduledAt: at } });
    const res = await byId("PATCH", ws.writeKey, b.id, { subject: "Better subject" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "scheduled", scheduledAt: at, subject: "Better subject" });
    const broken = await byId("PATCH", ws.writeKey, b.id, { subject: null, blocks: [] });
    expect(broken.status).toBe(422);
    expect(pointers(broken.body).sort()).toEqual(["#/blocks", "#/subject"]);
  });
});

describe("cancel", () => {
  it("returns a scheduled broadcast to draft with its schedule cleared", async () => {
    const b = await readyDraft(ws);
    await act("schedule", ws.writeKey, b.id, { body: { scheduledAt: inDays(1).toISOString() } });
    const res = await act("cancel", ws.writeKey, b.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "draft", scheduledAt: null, timezoneMode: null });
  });
});

describe("pause and resume", () => {
  it("pauses a send in progress (status stays sending) and resumes it", async () => {
    const b = await readyDraft(ws);
    await act("send", ws.writeKey, b.id);
    const paused = await act("pause", ws.writeKey, b.id);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: "sending", paused: true });
    const twice = await act("pause", ws.writeKey, b.id);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toMatch(/already paused/);
    const resumed = await act("resume", ws.writeKey, b.id);
    expect(resumed.body).toMatchObject({ status: "sending", paused: false });
    expect((await act("resume", ws.writeKey, b.id)).status).toBe(409);
  });
});

describe("A/B winner", () => {
  const variants = [
    { id: "a", subject: "A" },
    { id: "b", subject: "B" },
  ];

  it("records the winner of a sending test; an unknown variant is a 422 on #/variantId; once only", async () => {
    const b = await readyDraft(ws, { variants });
    await act("send", ws.writeKey, b.id);
    const unknown = await act("ab-winner", ws.writeKey, b.id, { body: { variantId: "c" } });
    expect(unknown.status).toBe(422);
    expect(pointers(unknown.body)).toEqual(["#/variantId"]);
    const res = await act("ab-winner", ws.writeKey, b.id, { body: { variantId: "b" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ abWinner: "b", status: "sending" });
    const again = await act("ab-winner", ws.writeKey, b.id, { body: { variantId: "a" } });
    expect(again.status).toBe(409);
  });

  it("refuses a bad variantId in the body", async () => {
    const b = await readyDraft(ws, { variants });
    for (const body of [{}, { variantId: "" }, { variantId: "with space" }]) {
      const res = await act("ab-winner", ws.writeKey, b.id, { body });
      expect(res.status).toBe(422);
      expect(pointers(res.body)).toEqual(["#/variantId"]);
    }
  });
});

describe("resend to non-openers", () => {
  it("makes a new draft for the source's recipients who did not open it, the source untouched", async () => {
    const b = await readyDraft(ws);
    await forceStatus(b.id, "sent", { sentCount: 3, sentAt: new Date() });
    const res = await act("resend-unopened", ws.writeKey, b.id, { body: { subject: "Did you miss this?" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "draft",
      subject: "Did you miss this?",
      name: "Ready (resend to unopened)",
      resendOfId: b.id,
      sentCount: 0,
      fromEmail: "news@example.com",
    });
    expect(res.body.blocks).toEqual(b.blocks);
    expect((await byId("GET", ws.readKey, b.id)).body).toMatchObject({ status: "sent", sentCount: 3 });
    const named = await act("resend-unopened", ws.writeKey, b.id, { body: { subject: "S", name: "Second go" } });
    expect(named.body.name).toBe("Second go");
    expect((await act("resend-unopened", ws.writeKey, b.id, { body: {} })).status).toBe(422);
  });
});

// Every action from every status it does not allow: a 409 whose detail names the status, and nothing changes.
const illegal: [Action, BroadcastStatus[], unknown?][] = [
  ["send", ["sending", "sent"]],
  ["schedule", ["sending", "sent"], { scheduledAt: inDays(1).toISOString() }],
  ["cancel", ["draft", "sending", "sent"]],
  ["pause", ["draft", "scheduled", "sent"]],
  ["resume", ["draft", "scheduled", "sent"]],
  ["ab-winner", ["draft", "scheduled"], { variantId: "a" }],
  ["resend-unopened", ["draft", "scheduled", "sending"], { subject: "Again" }],
];

describe.each(illegal)("illegal moves: %s", (action, statuses, body) => {
  it.each(statuses)("from %s → 409 naming the status", async (status) => {
    const b = await readyDraft(ws, {
      variants: [
        { id: "a", subject: "A" },
        { id: "b", subject: "B" },
      ],
    });
    await forceStatus(b.id, status);
    const before = (await byId("GET", ws.readKey, b.id)).body;
    const res = await act(action, ws.writeKey, b.id, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.detail).toContain(status);
    expect((await byId("GET", ws.readKey, b.id)).body).toEqual(before);
  });
});
