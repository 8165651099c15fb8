// What the attack review found, closed: automations that start each other in a loop (refused when saved, and never
// followed by the engine even if two edits race past the check), emails still queued after a contact is removed or
// the automation archived (not sent), and analytics ranges outside the years RFC 3339 can write (422).
import { describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { createAutomation } from "@/server/services/automations/create-automation";
import { updateAutomation } from "@/server/services/automations/update-automation";
import { archiveAutomation } from "@/server/services/automations/archive-automation";
import { removeEnrolment } from "@/server/services/automations/enrolments";
import { runDueAutomations } from "@/server/automations/runner";
import { ZAutomationAnalyticsQuery, type Step } from "@/lib/schemas/automations";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { contactIdsOf, emailStep, enrol, makeAutomation, publish, runsOf } from "../support/automations";

const starts = (id: string, automationId: string, next: string | null): Step => ({
  id,
  type: "action",
  action: { type: "start_automation", automationId },
  next,
});
const exit = (id: string): Step => ({ id, type: "exit" });
const drain = async (workspaceId: string) => {
  for (let i = 0; i < 20 && (await runDueAutomations({ workspaceIds: [workspaceId] })) > 0; i++);
};
const queuedOrSent = async (automationId: string) =>
  sql<{ status: string; error: string | null }>(
    `SELECT r.status::text, r.error FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
      WHERE b."automationId" = $1 ORDER BY r.id`,
    [automationId],
  );

describe("start_automation loops", () => {
  it("are refused when saved, at the step, naming the chain; a chain without a loop is fine", async () => {
    const ws = await makeWorkspace();
    const a = await createAutomation(ws.id, {
      name: "Loop A",
      trigger: { type: "api" },
      startStepId: "x",
      steps: [exit("x")],
    });
    const b = await createAutomation(ws.id, {
      name: "Loop B",
      trigger: { type: "api" },
      startStepId: "s",
      steps: [starts("s", a.id, "x"), exit("x")],
    });
    const c = await createAutomation(ws.id, {
      name: "Loop C",
      trigger: { type: "api" },
      startStepId: "s",
      steps: [starts("s", b.id, "x"), exit("x")],
    });
    // C → B → A is a chain, not a loop. A → C would close it.
    const refused = await updateAutomation(ws.id, a.id, {
      startStepId: "s",
      steps: [exit("y"), starts("s", c.id, "y")],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errors).toEqual([
      {
        pointer: "#/steps/1/action/automationId",
        detail: "Starting “Loop C” → “Loop B” here makes a loop: it starts this automation again.",
      },
    ]);
    expect((await db().automation.findUniqueOrThrow({ where: { id: a.id } })).steps).toEqual([exit("x")]);
    // Starting B from a new automation D is no loop.
    await expect(
      createAutomation(ws.id, {
        name: "D",
        trigger: { type: "api" },
        startStepId: "s",
        steps: [starts("s", b.id, "x"), exit("x")],
      }),
    ).resolves.toMatchObject({ name: "D" });
  });

  it("are never followed by the engine, even when the definitions got past the check", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("loop", 1));
    const b = await makeAutomation(ws.id, {
      name: "B",
      startStepId: "x",
      steps: [exit("x")],
      reentry: { mode: "always" },
    });
    const a = await makeAutomation(ws.id, {
      name: "A",
      startStepId: "mail",
      steps: [emailStep("mail", "go"), starts("go", b.id, "x"), exit("x")],
      reentry: { mode: "always" },
    });
    // B starts A, published straight (as two edits saved at the same moment could leave it).
    const bSteps = [starts("back", a.id, "x"), exit("x")];
    await db().automation.update({ where: { id: b.id }, data: { startStepId: "back", steps: bSteps as object[] } });
    await publish(b.id, { startStepId: "back", steps: bSteps });
    await enrol(a, await contactIdsOf(ws.id));
    await drain(ws.id);
    // A once (enrolled), B once (started by A), and A not again: B's start of A is refused as a loop.
    expect((await runsOf(a.id)).map((r) => r.status)).toEqual(["completed"]);
    expect((await runsOf(b.id)).map((r) => r.status)).toEqual(["completed"]);
    expect(await queuedOrSent(a.id)).toHaveLength(1);
    const [outcome] = await sql<{ outcome: string }>(
      `SELECT h.outcome FROM "AutomationRunStep" h JOIN "AutomationRun" r ON r.id = h."runId"
        WHERE r."automationId" = $1 AND h."stepId" = 'back'`,
      [b.id],
    );
    expect(outcome?.outcome).toBe("not_entered: loop");
  });
});

describe("emails still queued", () => {
  async function queuedMail() {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("held", 2));
    const a = await makeAutomation(ws.id, { startStepId: "mail", steps: [emailStep("mail", "x"), exit("x")] });
    // The send rate holds the batch back: the run moves on, its email waits in the queue.
    await db().workspace.update({
      where: { id: ws.id },
      data: { sendRatePerSecond: 1, sendReservedUntil: new Date(Date.now() + 3_600_000) },
    });
    await enrol(a, await contactIdsOf(ws.id));
    await drain(ws.id);
    expect((await queuedOrSent(a.id)).map((r) => r.status)).toEqual(["queued", "queued"]);
    return { ws, a };
  }

  it("are not sent to a contact removed by hand, even once their run finished", async () => {
    const { ws, a } = await queuedMail();
    const [first] = await runsOf(a.id);
    expect(first!.status).toBe("completed");
    await removeEnrolment(ws.id, a.id, String(first!.id));
    expect(await queuedOrSent(a.id)).toEqual([
      { status: "failed", error: "skipped: removed from the automation" },
      { status: "queued", error: null },
    ]);
  });

  it("are not sent once the automation is archived", async () => {
    const { ws, a } = await queuedMail();
    await archiveAutomation(ws.id, a.id);
    expect((await queuedOrSent(a.id)).map((r) => [r.status, r.error])).toEqual([
      ["failed", "skipped: automation archived"],
      ["failed", "skipped: automation archived"],
    ]);
  });
});

describe("analytics ranges", () => {
  it("refuse bounds outside the years 1970–9999 (the answer's dates stay RFC 3339)", () => {
    for (const bad of ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59", "1969-12-31T00:00:00Z"]) {
      expect(ZAutomationAnalyticsQuery.safeParse({ from: bad }).success, bad).toBe(false);
    }
    expect(
      ZAutomationAnalyticsQuery.safeParse({ from: "2026-01-01T00:00:00Z", to: "2026-12-31T23:59:59+14:00" }).success,
    ).toBe(true);
  });
});
