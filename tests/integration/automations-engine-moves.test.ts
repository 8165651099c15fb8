// The shared run moves (server/automations/run-moves.ts) and the test clock: entering (re-entry rules, one active
// run, subscribed contacts only, history and automation.enrolled events), exiting and waking runs.
import { beforeAll, describe, expect, it } from "vitest";
import { sql, sqlTransaction } from "@/server/db/pool";
import { db } from "@/server/db/client";
import { enterRuns, exitRuns, wakeRuns, WOKEN } from "@/server/automations/run-moves";
import { advanceTestClock, automationNow } from "@/server/automations/clock";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { contactIdsOf, emailStep, eventsOf, historyOf, makeAutomation, runsOf } from "../support/automations";

beforeAll(() => {
  process.env.SENDWELL_TEST_CLOCK = "1";
});

const DAY = 86_400_000;
const enter = (a: { id: string; workspaceId: string }, contactIds: string[], key: string, now: Date) =>
  sqlTransaction((q) =>
    enterRuns(
      q,
      { automationId: a.id, workspaceId: a.workspaceId },
      contactIds.map((contactId) => ({ contactId, entryKey: key })),
      now,
    ),
  );
const finish = (automationId: string) =>
  sql(`UPDATE "AutomationRun" SET status = 'completed', "stepId" = NULL, "dueAt" = NULL WHERE "automationId" = $1`, [
    automationId,
  ]);

async function setup(reentry?: Parameters<typeof makeAutomation>[1]["reentry"]) {
  const ws = await makeWorkspace();
  await seedContacts(ws.id, manyContacts("m", 3));
  await seedContacts(ws.id, [
    { email: "z-unsub@example.com", status: "unsubscribed" },
    { email: "z-pending@example.com", status: "pending" },
  ]);
  const a = await makeAutomation(ws.id, { startStepId: "first", steps: [emailStep("first", null)], reentry });
  const ids = await contactIdsOf(ws.id); // m0, m1, m2, z-pending, z-unsub
  return { ws, a, ids };
}

describe("the test clock", () => {
  it("moves forward for everyone by the offset, without sleeping", async () => {
    const before = await automationNow();
    const moved = await advanceTestClock(3 * DAY);
    expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(3 * DAY);
    expect((await automationNow()).getTime()).toBeGreaterThanOrEqual(moved.getTime());
    const stored = await sql<{ o: string }>(`SELECT "offsetMs"::text AS o FROM "AutomationTestClock" WHERE id = 1`, []);
    expect(Number(stored[0]!.o)).toBeGreaterThanOrEqual(3 * DAY);
  });
});

describe("enterRuns", () => {
  it("enters subscribed contacts at the start step, due now, with history and automation.enrolled events", async () => {
    const { ws, a, ids } = await setup();
    const now = await automationNow();
    const entered = await enter(a, ids, "k1", now);
    expect(entered.map((e) => e.contactId).sort()).toEqual(ids.slice(0, 3).sort());
    const runs = await runsOf(a.id);
    expect(runs).toHaveLength(3);
    for (const r of runs) {
      expect(r).toMatchObject({ status: "active", stepId: "first", version: 1, entryKey: "once" });
      expect(r.dueAt!.getTime()).toBe(now.getTime());
      expect(await historyOf(r.id)).toEqual([{ stepId: "first", stepType: "email", outcome: null, leftAt: null }]);
    }
    const events = await eventsOf(ws.id, "automation.enrolled");
    expect(events).toHaveLength(3);
    expect(events[0]!.payload).toMatchObject({
      automationId: a.id,
      automationName: a.name,
      runId: entered[0]!.runId,
      contactId: entered[0]!.contactId,
      email: expect.stringMatching(/^m\d@example\.com$/),
      stepId: "first",
    });
  });

  it("once: a contact enters once ever, whatever the key; never two entries for one contact in one call", async () => {
    const { a, ids } = await setup();
    const now = await automationNow();
    expect(await enter(a, [ids[0]!, ids[0]!], "k1", now)).toHaveLength(1);
    await finish(a.id);
    expect(await enter(a, [ids[0]!], "k2", new Date(now.getTime() + 400 * DAY))).toHaveLength(0);
    expect(await runsOf(a.id)).toHaveLength(1);
  });

  it("always: again with a new key once the last run finished, never while one is active, never twice per key", async () => {
    const { a, ids } = await setup({ mode: "always" });
    const now = await automationNow();
    expect(await enter(a, [ids[0]!], "k1", now)).toHaveLength(1);
    expect(await enter(a, [ids[0]!], "k2", now)).toHaveLength(0); // one active run
    await finish(a.id);
    expect(await enter(a, [ids[0]!], "k1", now)).toHaveLength(0); // the same entry again
    expect(await enter(a, [ids[0]!], "k2", now)).toHaveLength(1);
    expect((await runsOf(a.id)).map((r) => r.entryKey)).toEqual(["k1", "k2"]);
  });

  it("after_days: again only once the days have passed since the last entry", async () => {
    const { a, ids } = await setup({ mode: "after_days", days: 7 });
    const now = await automationNow();
    expect(await enter(a, [ids[0]!], "k1", now)).toHaveLength(1);
    await finish(a.id);
    expect(await enter(a, [ids[0]!], "k2", new Date(now.getTime() + 6 * DAY))).toHaveLength(0);
    expect(await enter(a, [ids[0]!], "k3", new Date(now.getTime() + 7 * DAY + 1))).toHaveLength(1);
  });

  it("enters nobody while the automation is paused, nor another workspace's contacts", async () => {
    const { a, ids } = await setup();
    const other = await makeWorkspace();
    await seedContacts(other.id, manyContacts("o", 1));
    const foreign = await contactIdsOf(other.id);
    const now = await automationNow();
    expect(await enter(a, foreign, "k", now)).toHaveLength(0);
    await db().automation.update({ where: { id: a.id }, data: { status: "paused" } });
    expect(await enter(a, ids, "k", now)).toHaveLength(0);
    expect(await runsOf(a.id)).toHaveLength(0);
  });

  it("two concurrent entries of the same contacts make one run each", async () => {
    const { a, ids } = await setup({ mode: "always" });
    const now = await automationNow();
    const results = await Promise.all([enter(a, ids, "x", now), enter(a, ids, "y", now)]);
    expect(results[0]!.length + results[1]!.length).toBe(3);
    expect(await runsOf(a.id)).toHaveLength(3);
  });
});

describe("exitRuns and wakeRuns", () => {
  it("exits active runs with the reason, closes their history and emits automation.exited", async () => {
    const { ws, a, ids } = await setup();
    const now = await automationNow();
    await enter(a, ids, "k", now);
    const n = await sqlTransaction((q) =>
      exitRuns(q, { workspaceId: ws.id, contactIds: [ids[0]!, ids[1]!] }, "unsubscribed", now),
    );
    expect(n).toBe(2);
    const runs = await runsOf(a.id);
    expect(runs.filter((r) => r.status === "exited").map((r) => r.exitReason)).toEqual([
      "unsubscribed",
      "unsubscribed",
    ]);
    const exited = runs.find((r) => r.status === "exited")!;
    expect(exited).toMatchObject({ stepId: null, dueAt: null });
    expect((await historyOf(exited.id))[0]).toMatchObject({ outcome: "exited:unsubscribed" });
    const events = await eventsOf(ws.id, "automation.exited");
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ reason: "unsubscribed", stepId: "first", automationId: a.id }),
      expect.objectContaining({ reason: "unsubscribed", stepId: "first", automationId: a.id }),
    ]);
    // Again: nothing left to exit, nothing written twice.
    expect(
      await sqlTransaction((q) =>
        exitRuns(q, { workspaceId: ws.id, automationId: a.id, runIds: [exited.id] }, "x", now),
      ),
    ).toBe(0);
    await expect(sqlTransaction((q) => exitRuns(q, { workspaceId: ws.id }, "x", now))).rejects.toThrow();
  });

  it("wakes only runs waiting for one of the events, once", async () => {
    const { ws, a, ids } = await setup();
    const now = await automationNow();
    await enter(a, ids, "k", now);
    const later = new Date(now.getTime() + DAY);
    await sql(`UPDATE "AutomationRun" SET "waitingFor" = $2, "dueAt" = $3 WHERE "automationId" = $1`, [
      a.id,
      "tag_added:t1",
      later,
    ]);
    const wake = (events: string[]) => sqlTransaction((q) => wakeRuns(q, ws.id, [ids[0]!, ids[1]!], events, now));
    expect(await wake(["clicked"])).toBe(0);
    expect(await wake(["clicked", "tag_added:t1"])).toBe(2);
    expect(await wake(["tag_added:t1"])).toBe(0);
    const runs = await runsOf(a.id);
    const woken = runs.filter((r) => r.waitingFor === `tag_added:t1${WOKEN}`);
    expect(woken.map((r) => r.contactId).sort()).toEqual([ids[0], ids[1]].sort());
    for (const r of woken) expect(r.dueAt!.getTime()).toBe(now.getTime());
    expect(runs.find((r) => r.contactId === ids[2])!.dueAt!.getTime()).toBe(later.getTime());
  });
});
