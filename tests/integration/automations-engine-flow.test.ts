// The automation engine's branching and bookkeeping: random splits (proportions, stable per run), actions (exact tag
// counts, fields, another automation, webhook events), goals, exits, version moves mid-run (a removed step ends the
// run), pause and resume, failing steps (backoff, then exit "failed"), and many runs at one email step in few batches.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { db } from "@/server/db/client";
import { advanceTestClock } from "@/server/automations/clock";
import { runDueAutomations } from "@/server/automations/runner";
import { splitBranch } from "@/server/automations/split";
import { createTag } from "@/server/services/tags/create-tag";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import type { Step } from "@/lib/schemas/automations";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import {
  contactIdsOf,
  drive,
  emailStep,
  enrol,
  eventsOf,
  historyOf,
  makeAutomation,
  publish,
  recipientsOfRuns,
  runsOf,
} from "../support/automations";

const HOUR = 3_600_000;
beforeAll(() => {
  process.env.SENDWELL_TEST_CLOCK = "1";
});

const tagCount = async (tagId: string) => {
  const [row] = await sql<{ stored: number; actual: number }>(
    `SELECT t."contactCount" AS stored, (SELECT count(*)::int FROM "ContactTag" ct WHERE ct."tagId" = t.id) AS actual
       FROM "Tag" t WHERE t.id = $1`,
    [tagId],
  );
  return row!;
};

describe("splits and actions", () => {
  it("1,000 runs split 30/70 by percentage, stable per run, and the tag counts stay exact", async () => {
    const ws = await makeWorkspace();
    const [a30, b70] = await Promise.all([
      createTag({ workspaceId: ws.id, input: { name: "A" } }),
      createTag({ workspaceId: ws.id, input: { name: "B" } }),
    ]);
    await seedContacts(ws.id, manyContacts("split", 1000));
    const auto = await makeAutomation(ws.id, {
      startStepId: "s",
      steps: [
        {
          id: "s",
          type: "split",
          branches: [
            { percent: 30, next: "tagA" },
            { percent: 70, next: "tagB" },
          ],
        },
        { id: "tagA", type: "action", action: { type: "add_tag", tagId: a30.id }, next: null },
        { id: "tagB", type: "action", action: { type: "add_tag", tagId: b70.id }, next: null },
      ],
    });
    await enrol(auto, await contactIdsOf(ws.id));
    const started = Date.now();
    await drive(ws.id);
    console.log(`1,000 runs through a split and a tag action: ${Date.now() - started} ms`);
    const a = await tagCount(a30.id);
    const b = await tagCount(b70.id);
    expect(a.stored).toBe(a.actual);
    expect(b.stored).toBe(b.actual);
    expect(a.actual + b.actual).toBe(1000);
    expect(a.actual).toBeGreaterThan(250);
    expect(a.actual).toBeLessThan(350);
    const runs = await runsOf(auto.id);
    for (const r of runs.slice(0, 50)) {
      const h = await historyOf(r.id);
      expect(h[0]!.outcome).toBe(`branch:${splitBranch(r.id, "s", [30, 70])}`);
    }
    const activities = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "ContactActivity" WHERE "workspaceId" = $1 AND type = 'tag.added'`,
      [ws.id],
    );
    expect(activities[0]!.n).toBe(1000);
  });

  it("sets a field, starts another automation, emits a webhook event, removes a tag", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "New" } });
    await createCustomField({ workspaceId: ws.id, input: { key: "score", label: "Score", type: "number" } });
    await seedContacts(ws.id, manyContacts("act", 2), [tag.id]);
    const other = await makeAutomation(ws.id, {
      name: "Other",
      startStepId: "x",
      steps: [{ id: "x", type: "exit" }],
      reentry: { mode: "always" },
    });
    const auto = await makeAutomation(ws.id, {
      name: "Actions",
      startStepId: "f",
      steps: [
        { id: "f", type: "action", action: { type: "set_field", field: "score", value: "42" }, next: "o" },
        { id: "o", type: "action", action: { type: "start_automation", automationId: other.id }, next: "h" },
        { id: "h", type: "action", action: { type: "emit_webhook", label: "onboarded" }, next: "r" },
        { id: "r", type: "action", action: { type: "remove_tag", tagId: tag.id }, next: null },
      ],
    });
    await enrol(auto, await contactIdsOf(ws.id));
    await drive(ws.id);
    const contacts = await sql<{ fields: Record<string, unknown> }>(
      `SELECT fields FROM "Contact" WHERE "workspaceId" = $1`,
      [ws.id],
    );
    expect(contacts.map((c) => c.fields.score)).toEqual([42, 42]);
    const runs = await runsOf(auto.id);
    const started = await runsOf(other.id);
    expect(started.map((r) => r.entryKey).sort()).toEqual(runs.map((r) => `automation:${r.id}`).sort());
    expect(started.every((r) => r.status === "completed")).toBe(true);
    const hooks = await eventsOf(ws.id, "automation.webhook");
    expect(hooks.map((e) => e.payload)).toEqual(
      runs.map((r) =>
        expect.objectContaining({ label: "onboarded", runId: r.id, automationName: "Actions", stepId: "h" }),
      ),
    );
    expect(await tagCount(tag.id)).toEqual({ stored: 0, actual: 0 });
    expect((await historyOf(runs[0]!.id)).map((h) => h.outcome)).toEqual([
      "field_set",
      "started",
      "webhook",
      "tag_removed",
    ]);
    expect(await eventsOf(ws.id, "contact.updated")).toHaveLength(2);
  });

  it("goal: converted only when the rules match; both go on; the exit step completes the run", async () => {
    const ws = await makeWorkspace();
    const vip = await createTag({ workspaceId: ws.id, input: { name: "VIP" } });
    await seedContacts(ws.id, manyContacts("goal-a", 1), [vip.id]);
    await seedContacts(ws.id, manyContacts("goal-b", 1));
    const auto = await makeAutomation(ws.id, {
      startStepId: "g",
      steps: [
        {
          id: "g",
          type: "goal",
          rules: { match: "all", conditions: [{ type: "tag", operator: "has", tagId: vip.id }] },
          next: "end",
        },
        { id: "end", type: "exit" },
      ],
    });
    const [withTag, without] = await contactIdsOf(ws.id);
    await enrol(auto, [withTag!, without!]);
    await drive(ws.id);
    const runs = await runsOf(auto.id);
    expect(runs.find((r) => r.contactId === withTag)).toMatchObject({ status: "completed", converted: true });
    expect(runs.find((r) => r.contactId === without)).toMatchObject({ status: "completed", converted: false });
    const done = await eventsOf(ws.id, "automation.completed");
    expect(done.map((e) => [e.payload.contactId, e.payload.converted]).sort()).toEqual(
      [
        [withTag, true],
        [without, false],
      ].sort(),
    );
  });
});

const delayThenMail = (next: string): Step[] => [
  { id: "wait", type: "delay", delay: { mode: "duration", amount: 1, unit: "hours" }, next },
];

describe("versions, pause, failures", () => {
  it("a run moves to the newest version's step of its id; a run on a removed step exits step_removed", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("ver", 2));
    const auto = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [...delayThenMail("old"), emailStep("old", null, "Old")],
    });
    const [first, second] = await contactIdsOf(ws.id);
    await enrol(auto, [first!]);
    await drive(ws.id);
    await publish(auto.id, { startStepId: "wait", steps: [...delayThenMail("new"), emailStep("new", null, "New")] });
    await advanceTestClock(HOUR + 60_000);
    await drive(ws.id);
    expect((await recipientsOfRuns(auto.id)).map((r) => r.stepId)).toEqual(["new"]);
    expect((await runsOf(auto.id))[0]).toMatchObject({ status: "completed", version: 2 });

    await enrol(auto, [second!]);
    await drive(ws.id); // at "wait" on version 2
    await publish(auto.id, { startStepId: "new", steps: [emailStep("new", null, "New")] });
    await advanceTestClock(HOUR + 60_000);
    await drive(ws.id);
    const run = (await runsOf(auto.id)).find((r) => r.contactId === second)!;
    expect(run).toMatchObject({ status: "exited", exitReason: "step_removed" });
    expect((await eventsOf(ws.id, "automation.exited"))[0]!.payload).toMatchObject({
      reason: "step_removed",
      stepId: "wait",
    });
  });

  it("pause holds runs at their step; resume continues them", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("pause", 3));
    const auto = await makeAutomation(ws.id, {
      startStepId: "wait",
      steps: [...delayThenMail("m"), emailStep("m", null)],
    });
    await enrol(auto, await contactIdsOf(ws.id));
    await drive(ws.id);
    await db().automation.update({ where: { id: auto.id }, data: { status: "paused", pausedAt: new Date() } });
    await advanceTestClock(HOUR + 60_000);
    expect(await runDueAutomations({ workspaceIds: [ws.id] })).toBe(0);
    expect((await runsOf(auto.id)).every((r) => r.stepId === "wait" && r.status === "active")).toBe(true);
    await db().automation.update({ where: { id: auto.id }, data: { status: "active", pausedAt: null } });
    await drive(ws.id);
    expect(await recipientsOfRuns(auto.id)).toHaveLength(3);
  });

  it("a step that keeps failing is retried with backoff, then the run exits failed with the error", async () => {
    process.env.AUTOMATION_MAX_ATTEMPTS = "3";
    process.env.AUTOMATION_RETRY_BASE = "1m";
    try {
      const ws = await makeWorkspace();
      await seedContacts(ws.id, manyContacts("fail", 2));
      const auto = await makeAutomation(ws.id, { startStepId: "m", steps: [emailStep("m", null)] });
      // The step's broadcast vanished (it never does in practice): the step cannot be sent.
      await sql(`UPDATE "AutomationVersion" SET "emailBroadcasts" = '{}' WHERE "automationId" = $1`, [auto.id]);
      await enrol(auto, await contactIdsOf(ws.id));
      expect(await runDueAutomations({ workspaceIds: [ws.id] })).toBe(2);
      let runs = await runsOf(auto.id);
      expect(runs.every((r) => r.status === "active")).toBe(true);
      expect(await runDueAutomations({ workspaceIds: [ws.id] })).toBe(0); // backing off
      await advanceTestClock(60_000 + 1000);
      await drive(ws.id);
      await advanceTestClock(120_000 + 1000);
      await drive(ws.id);
      runs = await runsOf(auto.id);
      expect(runs.map((r) => [r.status, r.exitReason])).toEqual([
        ["exited", "failed"],
        ["exited", "failed"],
      ]);
      const [row] = await sql<{ lastError: string }>(`SELECT "lastError" FROM "AutomationRun" WHERE id = $1`, [
        runs[0]!.id,
      ]);
      expect(row!.lastError).toMatch(/no broadcast for email step "m"/);
    } finally {
      delete process.env.AUTOMATION_MAX_ATTEMPTS;
      delete process.env.AUTOMATION_RETRY_BASE;
    }
  });
});

describe("many runs due at once", () => {
  it("1,000 runs at one email step are queued in ≤ 10 batches, each run once", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("many", 1000));
    const auto = await makeAutomation(ws.id, { startStepId: "m", steps: [emailStep("m", null)] });
    await enrol(auto, await contactIdsOf(ws.id));
    const started = Date.now();
    const claims = await drive(ws.id);
    const ms = Date.now() - started;
    const [batches] = await sql<{ n: number; size: number }>(
      `SELECT count(*)::int AS n, sum(size)::int AS size FROM "BroadcastBatch" bb
         JOIN "Broadcast" b ON b.id = bb."broadcastId" WHERE b."automationId" = $1`,
      [auto.id],
    );
    expect(batches).toEqual({ n: 10, size: 1000 });
    expect(claims).toBe(2);
    expect(new Set((await recipientsOfRuns(auto.id)).map((r) => r.runId)).size).toBe(1000);
    console.log(`1,000 runs at an email step: ${claims} claims, ${ms} ms to queue`);
  });
});
