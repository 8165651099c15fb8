// The automation intake beyond plain triggers: segment_entered (driven by the changed contacts only, and by the
// sweep), anniversaries in the contacts' zones, wakes of waiting runs, exits and goals.
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql, sqlTransaction } from "@/server/db/pool";
import { automationNow } from "@/server/automations/clock";
import { enterRuns, WOKEN } from "@/server/automations/run-moves";
import { sweepAnniversaries, sweepSegmentEntries } from "@/server/automations/sweeps";
import { addContactTags } from "@/server/services/contacts/add-contact-tags";
import { updateContact } from "@/server/services/contacts/update-contact";
import { createSegment } from "@/server/services/segments/create-segment";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import type { Step } from "@/lib/schemas/automations";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm, submit } from "../support/public-forms";
import { manyContacts, seedContacts } from "../support/sending";
import { emailStep, historyOf, makeAutomation, runsOf } from "../support/automations";
import { contact, hasTag, intakeFor, placeRun, runCount, tag } from "./automations-intake-helpers";

let now: Date;
beforeAll(async () => {
  now = await automationNow();
});
const steps = { startStepId: "hello", steps: [emailStep("hello", null)] };

describe("segment_entered", () => {
  it("evaluates only the contacts a change touched; the sweep brings in those already matching", async () => {
    const ws = await makeWorkspace();
    const vip = await tag(ws.id);
    await seedContacts(ws.id, manyContacts("already", 300), [vip.id]);
    const segment = await createSegment({ workspaceId: ws.id, input: { name: "VIP", rules: hasTag(vip.id) as never } });
    // "always" keeps the entry keys as given (the activity's id, "sweep"); "once" would store "once" for all.
    const a = await makeAutomation(ws.id, {
      ...steps,
      trigger: { type: "segment_entered", segmentId: segment.id },
      reentry: { mode: "always" },
    });
    const [joins, stays] = [await contact(ws.id), await contact(ws.id)];
    const intake = await intakeFor(ws.id);
    await addContactTags({ workspaceId: ws.id, contactId: joins.id, tagIds: [vip.id] });
    await updateContact({ workspaceId: ws.id, contactId: stays.id, input: { firstName: "Still not VIP" } });

    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      await intake.catchUp(now);
      // Every statement that reads contacts is restricted to the changed ones, by primary key.
      const reads = spy.mock.calls
        .map(([text, values]) => ({ text: String(text), values: (values ?? []) as unknown[] }))
        .filter((q) => q.text.includes(`FROM "Contact" c`));
      expect(reads.length).toBeGreaterThan(0);
      for (const q of reads) {
        expect(q.text).toContain("c.id = ANY(");
        const lists = q.values.filter(Array.isArray) as string[][];
        expect(lists.some((l) => l.length <= 2 && l.includes(joins.id))).toBe(true);
      }
    } finally {
      spy.mockRestore();
    }
    expect((await runsOf(a.id)).map((r) => [r.contactId, r.entryKey.length])).toEqual([[joins.id, 36]]);

    expect(await sweepSegmentEntries({ now, workspaceId: ws.id })).toBe(300);
    expect(await sweepSegmentEntries({ now, workspaceId: ws.id })).toBe(0);
    const runs = await runsOf(a.id);
    expect(runs).toHaveLength(301);
    expect(runs.filter((r) => r.entryKey === "sweep")).toHaveLength(300);
  });
});

describe("date_anniversary", () => {
  it("enters at 09:00 in each contact's zone, once a year", async () => {
    const ws = await makeWorkspace();
    await createCustomField({ workspaceId: ws.id, input: { key: "birthday", label: "Birthday", type: "date" } });
    const a = await makeAutomation(ws.id, {
      ...steps,
      trigger: { type: "date_anniversary", field: "fields.birthday", time: "09:00" },
      reentry: { mode: "always" },
    });
    const born = (timezone: string | undefined, birthday: string) =>
      contact(ws.id, { timezone, fields: { birthday } } as never);
    const tokyo = await born("Asia/Tokyo", "1990-06-15");
    const paris = await born("Europe/Paris", "1985-06-15");
    await born("Asia/Tokyo", "1990-06-16");
    await born(undefined, "1990-06-15"); // the workspace's zone: UTC
    const sweep = (at: string) => sweepAnniversaries({ now: new Date(at), workspaceId: ws.id });

    expect(await sweep("2026-06-14T23:55:00Z")).toBe(0); // 08:55 in Tokyo
    expect(await sweep("2026-06-15T00:05:00Z")).toBe(1); // 09:05 in Tokyo, 02:05 in Paris
    expect(await sweep("2026-06-15T00:10:00Z")).toBe(0);
    expect(await sweep("2026-06-15T07:05:00Z")).toBe(1); // 09:05 in Paris (UTC+2), 07:05 in UTC
    const runs = await runsOf(a.id);
    expect(runs.map((r) => [r.contactId, r.entryKey])).toEqual([
      [tokyo.id, "2026"],
      [paris.id, "2026"],
    ]);
    await sql(
      `UPDATE "AutomationRun" SET status = 'completed', "stepId" = NULL, "dueAt" = NULL WHERE "automationId" = $1`,
      [a.id],
    );
    expect(await sweep("2027-06-15T00:05:00Z")).toBe(1);
    expect((await runsOf(a.id)).at(-1)).toMatchObject({ contactId: tokyo.id, entryKey: "2027" });
  });
});

const waitStep = (event: unknown): Step[] =>
  [
    { id: "wait", type: "wait_for", event, timeout: { amount: 3, unit: "days" }, yes: "done", timedOut: "late" },
    { id: "done", type: "exit" },
    { id: "late", type: "exit" },
  ] as Step[];

async function waitingRun(workspaceId: string, event: unknown, waitingFor: string) {
  const a = await makeAutomation(workspaceId, { startStepId: "wait", steps: waitStep(event) });
  const c = await contact(workspaceId);
  const [run] = await sqlTransaction((q) =>
    enterRuns(q, { automationId: a.id, workspaceId }, [{ contactId: c.id, entryKey: "api:test" }], now),
  );
  await placeRun(run!.runId, "wait", waitingFor);
  return { a, c, runId: run!.runId };
}

describe("wakes", () => {
  it("wakes runs waiting for a click, a tag or a form, and no others", async () => {
    const ws = await makeWorkspace();
    const vip = await tag(ws.id);
    const form = await makePublishedForm(ws.id, { doubleOptIn: false });
    const clicked = await waitingRun(ws.id, { type: "clicked" }, "clicked");
    const tagged = await waitingRun(ws.id, { type: "tag_added", tagId: vip.id }, `tag_added:${vip.id}`);
    const formed = await waitingRun(ws.id, { type: "form_submitted", formId: form.id }, `form_submitted:${form.id}`);
    const idle = await waitingRun(ws.id, { type: "clicked" }, "clicked");
    const intake = await intakeFor(ws.id);

    await sql(
      `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
       VALUES (gen_random_uuid(), $1, $2, 'email.clicked', '{"url":"https://example.com/"}')`,
      [ws.id, clicked.c.id],
    );
    await addContactTags({ workspaceId: ws.id, contactId: tagged.c.id, tagIds: [vip.id] });
    expect((await submit(form.id, { email: formed.c.email })).status).toBe(200);
    await intake.catchUp(now);

    for (const w of [clicked, tagged, formed]) {
      const [run] = await runsOf(w.a.id);
      expect(run!.waitingFor!.endsWith(WOKEN)).toBe(true);
      expect(run!.dueAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect((await runsOf(idle.a.id))[0]!.waitingFor).toBe("clicked");
  });
});

describe("exits", () => {
  it("takes a contact out of every automation in the pass that reads the unsubscribe, hard bounce or complaint", async () => {
    const ws = await makeWorkspace();
    const [x, y] = [await makeAutomation(ws.id, steps), await makeAutomation(ws.id, steps)];
    const people = [await contact(ws.id), await contact(ws.id), await contact(ws.id), await contact(ws.id)];
    for (const a of [x, y]) {
      await sqlTransaction((q) =>
        enterRuns(
          q,
          { automationId: a.id, workspaceId: ws.id },
          people.map((p) => ({ contactId: p.id, entryKey: "k" })),
          now,
        ),
      );
    }
    const intake = await intakeFor(ws.id);
    await updateContact({ workspaceId: ws.id, contactId: people[0]!.id, input: { status: "unsubscribed" } });
    const activity = (contactId: string, type: string, data: unknown) =>
      sql(
        `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data) VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
        [ws.id, contactId, type, data],
      );
    await activity(people[1]!.id, "email.bounced", { bounceType: "hard" });
    await activity(people[2]!.id, "email.complained", {});
    await activity(people[3]!.id, "email.bounced", { bounceType: "soft" });
    // One pass that reads the rows (a transaction elsewhere on the server may delay the first).
    await expect.poll(() => intake.pass(now), { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
    for (const a of [x, y]) {
      const runs = await runsOf(a.id);
      const byContact = new Map(runs.map((r) => [r.contactId, r]));
      expect(people.map((p) => byContact.get(p.id)!.exitReason)).toEqual([
        "unsubscribed",
        "bounced",
        "complained",
        null,
      ]);
      expect(byContact.get(people[3]!.id)!.status).toBe("active");
    }
  });
});

describe("goals", () => {
  it("jumps a contact who now matches a goal ahead of them to it, counted as converted", async () => {
    const ws = await makeWorkspace();
    const bought = await tag(ws.id);
    const a = await makeAutomation(ws.id, {
      startStepId: "mail",
      steps: [
        emailStep("mail", "pause"),
        { id: "pause", type: "delay", delay: { mode: "duration", amount: 2, unit: "days" }, next: "goal" },
        { id: "goal", type: "goal", rules: hasTag(bought.id), next: "end" },
        { id: "end", type: "exit" },
      ] as Step[],
    });
    const [buyer, browser] = [await contact(ws.id), await contact(ws.id)];
    const runs = await sqlTransaction((q) =>
      enterRuns(
        q,
        { automationId: a.id, workspaceId: ws.id },
        [buyer, browser].map((c) => ({ contactId: c.id, entryKey: "k" })),
        now,
      ),
    );
    for (const r of runs) await placeRun(r.runId, "pause");
    const intake = await intakeFor(ws.id);
    await addContactTags({ workspaceId: ws.id, contactId: buyer.id, tagIds: [bought.id] });
    await updateContact({ workspaceId: ws.id, contactId: browser.id, input: { firstName: "Just looking" } });
    await intake.catchUp(now);

    const after = new Map((await runsOf(a.id)).map((r) => [r.contactId, r]));
    expect(after.get(buyer.id)).toMatchObject({ stepId: "goal", converted: true, status: "active" });
    expect(after.get(buyer.id)!.dueAt!.getTime()).toBe(now.getTime());
    expect(after.get(browser.id)).toMatchObject({ stepId: "pause", converted: false });
    const history = await historyOf(after.get(buyer.id)!.id);
    expect(history.map((h) => [h.stepId, h.outcome])).toEqual([
      ["mail", "goal:goal"],
      ["goal", null],
    ]);
    expect(await runCount(a.id)).toBe(2);
  });
});
