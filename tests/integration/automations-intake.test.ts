// The automation intake (server/automations/intake.ts) reading real activity: each trigger enters a contact once
// (a replayed batch and two intakes at once included), a long transaction's rows are not stepped over, the entry
// filter and the re-entry rules.
import { beforeAll, describe, expect, it } from "vitest";
import { pool, sql } from "@/server/db/pool";
import { db } from "@/server/db/client";
import { automationNow } from "@/server/automations/clock";
import { addContactTags } from "@/server/services/contacts/add-contact-tags";
import { removeContactTag } from "@/server/services/contacts/remove-contact-tag";
import { confirmSubscription } from "@/server/services/public-forms/confirm-subscription";
import { confirmationToken } from "@/server/services/public-forms/confirmation-token";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm, submit } from "../support/public-forms";
import { emailStep, eventsOf, makeAutomation, runsOf } from "../support/automations";
import { contact, hasTag, intakeFor, runCount, setEntryFilter, tag } from "./automations-intake-helpers";

const DAY = 86_400_000;
const steps = { startStepId: "hello", steps: [emailStep("hello", null)] };
let now: Date;
beforeAll(async () => {
  now = await automationNow();
});

describe("subscribed trigger", () => {
  it("enters every source once; a replayed batch enters nobody twice", async () => {
    const ws = await makeWorkspace();
    const intake = await intakeFor(ws.id);
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "subscribed" }, reentry: { mode: "always" } });
    const people = [await contact(ws.id), await contact(ws.id), await contact(ws.id)];
    await contact(ws.id, { status: "unsubscribed" });
    await intake.catchUp(now);
    const runs = await runsOf(a.id);
    expect(runs.map((r) => r.contactId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(runs.every((r) => r.status === "active" && r.stepId === "hello")).toBe(true);

    // The same rows again (a crash after the effects, before the cursor moved, cannot happen: they commit together;
    // but a batch read twice must still do nothing twice): the entry key is the activity's id.
    await intake.rewind();
    await intake.catchUp(now);
    expect(await runCount(a.id)).toBe(3);
    expect(await eventsOf(ws.id, "automation.enrolled")).toHaveLength(3);
  });

  it("enters a form's sign-ups only once double opt-in confirms them, and no other source", async () => {
    const ws = await makeWorkspace();
    const intake = await intakeFor(ws.id);
    const confirmed = await makePublishedForm(ws.id, { doubleOptIn: true });
    const single = await makePublishedForm(ws.id, { doubleOptIn: false, name: "Single" });
    const viaConfirmed = await makeAutomation(ws.id, {
      ...steps,
      trigger: { type: "subscribed", formId: confirmed.id },
    });
    const viaSingle = await makeAutomation(ws.id, { ...steps, trigger: { type: "subscribed", formId: single.id } });

    expect((await submit(confirmed.id, { email: "ada@example.com" })).status).toBe(200);
    await contact(ws.id, { email: "api@example.com" });
    await intake.catchUp(now);
    expect(await runCount(viaConfirmed.id)).toBe(0); // pending until the link is clicked

    const ada = await db().contact.findFirstOrThrow({ where: { workspaceId: ws.id, emailKey: "ada@example.com" } });
    const owed = await db().formConfirmation.findFirstOrThrow({ where: { contactId: ada.id } });
    expect((await confirmSubscription(confirmationToken(owed.id))).state).toBe("confirmed");
    // A new address through the single opt-in form, and a known pending one (recorded beside the submission).
    expect((await submit(single.id, { email: "bea@example.com" })).status).toBe(200);
    const pending = await contact(ws.id, { email: "cy@example.com", status: "pending" });
    expect((await submit(single.id, { email: "cy@example.com" })).status).toBe(200);
    await intake.catchUp(now);

    expect((await runsOf(viaConfirmed.id)).map((r) => r.contactId)).toEqual([ada.id]);
    const bea = await db().contact.findFirstOrThrow({ where: { workspaceId: ws.id, emailKey: "bea@example.com" } });
    expect((await runsOf(viaSingle.id)).map((r) => r.contactId).sort()).toEqual([bea.id, pending.id].sort());
  });
});

describe("tag_added trigger", () => {
  it("enters on the named tag only", async () => {
    const ws = await makeWorkspace();
    const [vip, other] = [await tag(ws.id), await tag(ws.id)];
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "tag_added", tagId: vip.id } });
    const [x, y] = [await contact(ws.id), await contact(ws.id)];
    const intake = await intakeFor(ws.id);
    await addContactTags({ workspaceId: ws.id, contactId: x.id, tagIds: [vip.id] });
    await addContactTags({ workspaceId: ws.id, contactId: y.id, tagIds: [other.id] });
    await intake.catchUp(now);
    expect((await runsOf(a.id)).map((r) => r.contactId)).toEqual([x.id]);
  });
});

describe("exactly once", () => {
  it("two intakes at once: every contact enters once and every row is read once", async () => {
    const ws = await makeWorkspace();
    const vip = await tag(ws.id);
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "tag_added", tagId: vip.id } });
    const people = await Promise.all(Array.from({ length: 40 }, () => contact(ws.id)));
    const intake = await intakeFor(ws.id);
    for (const p of people) await addContactTags({ workspaceId: ws.id, contactId: p.id, tagIds: [vip.id] });
    let read = 0;
    await expect
      .poll(
        async () => {
          const [one, two] = await Promise.all([intake.pass(now, 7), intake.pass(now, 7)]);
          read += one + two;
          return read;
        },
        { timeout: 15_000, interval: 10 },
      )
      .toBe(40);
    expect(await runCount(a.id)).toBe(40);
    expect(new Set((await runsOf(a.id)).map((r) => r.contactId)).size).toBe(40);
  });

  // Only on a PostgreSQL server: the embedded database runs one transaction at a time, so there a row can never
  // commit after a row with a higher sequence number.
  it.runIf(process.env.TEST_DATABASE_URL)("reads a long transaction's row that commits after a later one", async () => {
    const ws = await makeWorkspace();
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "subscribed" } });
    const early = await contact(ws.id, { status: "pending" });
    const intake = await intakeFor(ws.id);
    const long = await pool().connect();
    let late: { id: string };
    try {
      await long.query("BEGIN");
      await long.query(`UPDATE "Contact" SET status = 'subscribed' WHERE id = $1`, [early.id]);
      await long.query(
        `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
           VALUES (gen_random_uuid(), $1, $2, 'subscribed', '{"from":"pending"}')`,
        [ws.id, early.id],
      );
      // A later row (higher seq) commits first; the intake must not move past the open transaction's row.
      late = await contact(ws.id);
      await intake.pass(now);
      expect(await runCount(a.id)).toBe(0);
      await long.query("COMMIT");
    } catch (error) {
      await long.query("ROLLBACK");
      throw error;
    } finally {
      long.release();
    }
    await intake.catchUp(now);
    expect((await runsOf(a.id)).map((r) => r.contactId).sort()).toEqual([early.id, late.id].sort());
  });
});

describe("entry filter", () => {
  it("enters only the contacts who match it", async () => {
    const ws = await makeWorkspace();
    const [trigger, vip] = [await tag(ws.id), await tag(ws.id)];
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "tag_added", tagId: trigger.id } });
    await setEntryFilter(a.id, hasTag(vip.id));
    const [inside, outside] = [await contact(ws.id, { tagIds: [vip.id] }), await contact(ws.id)];
    const intake = await intakeFor(ws.id);
    for (const c of [inside, outside]) {
      await addContactTags({ workspaceId: ws.id, contactId: c.id, tagIds: [trigger.id] });
    }
    await intake.catchUp(now);
    expect((await runsOf(a.id)).map((r) => r.contactId)).toEqual([inside.id]);
  });
});

describe("re-entry", () => {
  async function retrigger(reentry: Parameters<typeof makeAutomation>[1]["reentry"], gapsInDays: number[]) {
    const ws = await makeWorkspace();
    const t = await tag(ws.id);
    const a = await makeAutomation(ws.id, { ...steps, trigger: { type: "tag_added", tagId: t.id }, reentry });
    const c = await contact(ws.id);
    const intake = await intakeFor(ws.id);
    let at = now.getTime();
    const counts: number[] = [];
    for (const gap of [0, ...gapsInDays]) {
      at += gap * DAY;
      await addContactTags({ workspaceId: ws.id, contactId: c.id, tagIds: [t.id] });
      await intake.catchUp(new Date(at));
      counts.push(await runCount(a.id));
      // The run ends (the runner's work) and the tag comes off, so the next add is a new trigger.
      await sql(
        `UPDATE "AutomationRun" SET status = 'completed', "stepId" = NULL, "dueAt" = NULL WHERE "automationId" = $1`,
        [a.id],
      );
      await removeContactTag({ workspaceId: ws.id, contactId: c.id, tagId: t.id });
    }
    return counts;
  }

  it("once: never again", async () => {
    expect(await retrigger({ mode: "once" }, [1, 400])).toEqual([1, 1, 1]);
  });

  it("after_days: again once the days have passed since the last entry", async () => {
    expect(await retrigger({ mode: "after_days", days: 3 }, [1, 1, 2])).toEqual([1, 1, 1, 2]);
  });

  it("always: every time the trigger fires", async () => {
    expect(await retrigger({ mode: "always" }, [0, 0])).toEqual([1, 2, 3]);
  });
});
