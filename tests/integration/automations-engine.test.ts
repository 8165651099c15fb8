// The automation engine against the real database: email steps sent by the real sender through the outbox (tracked,
// unsubscribable, once per run), delays on the test clock (durations, times of day and weekdays in contacts' zones,
// date fields), waits for events with their yes and timed-out branches, and conditions on a step's email.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql, sqlTransaction } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { outboxTransport } from "@/server/email/outbox-transport";
import { advanceTestClock, automationNow } from "@/server/automations/clock";
import { wakeRuns } from "@/server/automations/run-moves";
import { wallTimeIn } from "@/lib/zoned-time";
import { createTag } from "@/server/services/tags/create-tag";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import type { Sender } from "@/server/sending/sender";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts, senderFor } from "../support/sending";
import { eventually } from "../support/webhook-receiver";
import {
  contactIdsOf,
  drive,
  emailStep,
  enrol,
  eventsOf,
  historyOf,
  makeAutomation,
  recipientsOfRuns,
  runsOf,
} from "../support/automations";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const senders: Sender[] = [];
beforeAll(() => {
  process.env.SENDWELL_TEST_CLOCK = "1";
  process.env.SEND_POLL_INTERVAL = "20ms";
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
});
afterAll(() => stopJobSender());

const outboxOf = (automationId: string) =>
  sql<{ toAddress: string; subject: string; html: string; headers: Record<string, string> }>(
    `SELECT o."toAddress", o.subject, o.html, o.headers FROM "OutboxMessage" o
       JOIN "Broadcast" b ON b.id = o."broadcastId" WHERE b."automationId" = $1 ORDER BY o."toAddress", o.subject`,
    [automationId],
  );

describe("email steps", () => {
  it("queue one recipient per run on the step's hidden broadcast; the sender delivers it tracked, once", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("mail", 3));
    const a = await makeAutomation(ws.id, {
      startStepId: "one",
      steps: [emailStep("one", "two", "First for {{firstName}}"), emailStep("two", null, "Second")],
    });
    await enrol(a, await contactIdsOf(ws.id));
    senders.push(senderFor(ws.id, outboxTransport()));
    await drive(ws.id);
    await drive(ws.id); // nothing left: every run has finished, no email queued twice
    await eventually(async () => (await outboxOf(a.id)).length === 6, 20_000);
    const out = await outboxOf(a.id);
    expect(out.map((m) => `${m.toAddress} ${m.subject}`)).toEqual(
      [0, 1, 2].flatMap((i) => [`mail${i}@example.com First for F${i}`, `mail${i}@example.com Second`]),
    );
    for (const m of out) {
      expect(m.html).toMatch(/http:\/\/sendwell\.test\/t\/c\/\d+\//); // tracked links
      expect(m.html).toContain("http://sendwell.test/t/o/"); // the open pixel
      expect(m.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/sendwell\.test\//);
    }
    const runs = await runsOf(a.id);
    expect(runs.every((r) => r.status === "completed" && r.stepId === null)).toBe(true);
    expect((await historyOf(runs[0]!.id)).map((h) => [h.stepId, h.outcome])).toEqual([
      ["one", "sent"],
      ["two", "sent"],
    ]);
    expect(await eventsOf(ws.id, "automation.completed")).toHaveLength(3);
    const recipients = await recipientsOfRuns(a.id);
    expect(recipients).toHaveLength(6);
    expect(new Set(recipients.map((r) => `${r.runId}:${r.stepId}`)).size).toBe(6);
  });

  it("a contact who unsubscribed leaves at their next step, with the reason, and gets nothing more", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("leave", 2));
    const a = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [
        { id: "wait", type: "delay", delay: { mode: "duration", amount: 1, unit: "hours" }, next: "mail" },
        emailStep("mail", null),
      ],
    });
    const [stay, leave] = await contactIdsOf(ws.id);
    await enrol(a, [stay!, leave!]);
    await drive(ws.id);
    await sql(`UPDATE "Contact" SET status = 'unsubscribed' WHERE id = $1`, [leave]);
    await advanceTestClock(HOUR + 60_000);
    await drive(ws.id);
    const runs = await runsOf(a.id);
    expect(runs.find((r) => r.contactId === leave)).toMatchObject({ status: "exited", exitReason: "unsubscribed" });
    expect(runs.find((r) => r.contactId === stay)).toMatchObject({ status: "completed" });
    expect((await recipientsOfRuns(a.id)).map((r) => r.email)).toEqual(["leave0@example.com"]);
  });
});

describe("delays", () => {
  it("duration: waits on the clock, not on sleeping", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("dur", 2));
    const a = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [
        { id: "wait", type: "delay", delay: { mode: "duration", amount: 2, unit: "days" }, next: "mail" },
        emailStep("mail", null),
      ],
    });
    const t0 = await automationNow();
    await enrol(a, await contactIdsOf(ws.id));
    await drive(ws.id);
    for (const r of await runsOf(a.id)) {
      expect(r.stepId).toBe("wait");
      expect(Math.abs(r.dueAt!.getTime() - (t0.getTime() + 2 * DAY))).toBeLessThan(5_000);
    }
    await advanceTestClock(DAY);
    await drive(ws.id);
    expect(await recipientsOfRuns(a.id)).toHaveLength(0);
    await advanceTestClock(DAY + 10_000);
    await drive(ws.id);
    expect(await recipientsOfRuns(a.id)).toHaveLength(2);
    expect((await runsOf(a.id)).map((r) => r.status)).toEqual(["completed", "completed"]);
  });

  it("until_time on weekdays: the next allowed 09:00 in each contact's own zone", async () => {
    const ws = await makeWorkspace();
    const zones = ["Asia/Tokyo", "America/New_York", "Europe/Berlin"];
    await seedContacts(
      ws.id,
      zones.map((timezone, i) => ({ email: `zone${i}@example.com`, timezone })),
    );
    const a = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [
        { id: "wait", type: "delay", delay: { mode: "until_time", time: "09:00", weekdays: [2, 4] }, next: "end" },
        { id: "end", type: "exit" },
      ],
    });
    const ids = await contactIdsOf(ws.id);
    const t0 = await automationNow();
    await enrol(a, ids);
    await drive(ws.id);
    const runs = await runsOf(a.id);
    for (const [i, zone] of zones.entries()) {
      const run = runs.find((r) => r.contactId === ids[i])!;
      const due = run.dueAt!;
      const wall = wallTimeIn(due, zone);
      expect(wall.localTime).toBe("09:00");
      const weekday = ((new Date(`${wall.localDate}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      expect([2, 4]).toContain(weekday);
      expect(due.getTime()).toBeGreaterThanOrEqual(t0.getTime());
      expect(due.getTime() - t0.getTime()).toBeLessThanOrEqual(6 * DAY);
    }
    const latest = Math.max(...runs.map((r) => r.dueAt!.getTime()));
    await advanceTestClock(latest - (await automationNow()).getTime() + 60_000);
    await drive(ws.id);
    expect((await runsOf(a.id)).every((r) => r.status === "completed")).toBe(true);
  });

  it("until_date: the date field's day (with the offset) at the time in the zone; empty goes on at once", async () => {
    const ws = await makeWorkspace();
    await createCustomField({ workspaceId: ws.id, input: { key: "renewal", label: "Renewal", type: "date" } });
    const now = await automationNow();
    const day = new Date(now.getTime() + 10 * DAY).toISOString().slice(0, 10);
    await seedContacts(ws.id, [
      { email: "dated@example.com", timezone: "Asia/Tokyo" },
      { email: "undated@example.com" },
    ]);
    await sql(`UPDATE "Contact" SET fields = jsonb_build_object('renewal', $2::text) WHERE email = $1`, [
      "dated@example.com",
      day,
    ]);
    const a = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [
        {
          id: "wait",
          type: "delay",
          delay: { mode: "until_date", field: "fields.renewal", offsetDays: -2, time: "10:00" },
          next: "end",
        },
        { id: "end", type: "exit" },
      ],
    });
    await enrol(a, await contactIdsOf(ws.id));
    await drive(ws.id);
    const runs = await runsOf(a.id);
    const [dated, undated] = await contactIdsOf(ws.id);
    expect(runs.find((r) => r.contactId === undated)!.status).toBe("completed");
    const due = runs.find((r) => r.contactId === dated)!.dueAt!;
    const expected = new Date(`${day}T01:00:00Z`).getTime() - 2 * DAY; // 10:00 in Tokyo is 01:00 UTC
    expect(due.getTime()).toBe(expected);
  });
});

describe("waits and conditions", () => {
  it("wait_for tag_added: yes as soon as the event is seen, timed out otherwise", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Buyer" } });
    await seedContacts(ws.id, manyContacts("wait", 2));
    const a = await makeAutomation(ws.id, {
      startStepId: "w",
      steps: [
        {
          id: "w",
          type: "wait_for",
          event: { type: "tag_added", tagId: tag.id },
          timeout: { amount: 3, unit: "days" },
          yes: "thanks",
          timedOut: "nudge",
        },
        emailStep("thanks", null),
        emailStep("nudge", null),
      ],
    });
    const [buyer, idle] = await contactIdsOf(ws.id);
    await enrol(a, [buyer!, idle!]);
    await drive(ws.id);
    expect((await runsOf(a.id)).map((r) => r.waitingFor)).toEqual([`tag_added:${tag.id}`, `tag_added:${tag.id}`]);
    // What the intake does when it reads the tag.added activity.
    await sqlTransaction(async (q) => wakeRuns(q, ws.id, [buyer!], [`tag_added:${tag.id}`], await automationNow()));
    await drive(ws.id);
    expect((await recipientsOfRuns(a.id)).map((r) => [r.email, r.stepId])).toEqual([["wait0@example.com", "thanks"]]);
    await advanceTestClock(3 * DAY + 60_000);
    await drive(ws.id);
    expect((await recipientsOfRuns(a.id)).map((r) => [r.email, r.stepId])).toEqual([
      ["wait0@example.com", "thanks"],
      ["wait1@example.com", "nudge"],
    ]);
    const idleRun = (await runsOf(a.id)).find((r) => r.contactId === idle)!;
    expect((await historyOf(idleRun.id))[0]).toMatchObject({ stepId: "w", outcome: "timed_out" });
  });

  it("wait_for clicked on a step, and a condition on opened: each run's own email decides", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("eng", 3));
    const a = await makeAutomation(ws.id, {
      startStepId: "hello",
      steps: [
        emailStep("hello", "w"),
        {
          id: "w",
          type: "wait_for",
          event: { type: "clicked", stepId: "hello" },
          timeout: { amount: 1, unit: "days" },
          yes: "clicked",
          timedOut: "cond",
        },
        emailStep("clicked", null),
        {
          id: "cond",
          type: "condition",
          rules: { match: "all", conditions: [{ type: "step_email", action: "opened", stepId: "hello" }] },
          yes: "opener",
          no: "other",
        },
        emailStep("opener", null),
        emailStep("other", null),
      ],
    });
    const ids = await contactIdsOf(ws.id);
    await enrol(a, ids);
    await drive(ws.id);
    const hello = await recipientsOfRuns(a.id);
    expect(hello).toHaveLength(3);
    // What the tracking rollup writes on a click and an open, and the intake's wake on the click.
    await sql(`UPDATE "BroadcastRecipient" SET "clickedAt" = now(), "openedAt" = now() WHERE id = $1`, [hello[0]!.id]);
    await sql(`UPDATE "BroadcastRecipient" SET "openedAt" = now() WHERE id = $1`, [hello[1]!.id]);
    await sqlTransaction(async (q) => wakeRuns(q, ws.id, ids, ["clicked"], await automationNow()));
    await drive(ws.id);
    await advanceTestClock(DAY + 60_000);
    await drive(ws.id);
    const second = (await recipientsOfRuns(a.id)).filter((r) => r.stepId !== "hello");
    expect(second.map((r) => [r.email, r.stepId])).toEqual([
      ["eng0@example.com", "clicked"],
      ["eng1@example.com", "opener"],
      ["eng2@example.com", "other"],
    ]);
  });
});
