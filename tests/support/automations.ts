// Builders for automation engine tests: an automation row and its publication the way the API's publish does it
// (docs/automations.md, Versions): a hidden broadcast per email step (reused when the step's content is unchanged),
// its links recorded before the version becomes visible, then AutomationVersion and Automation.publishedVersion.
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { recordLinks } from "@/server/sending/compiled-content";
import type { Step } from "@/lib/schemas/automations";
import { sampleBlocks } from "./sending";

export type Definition = {
  name?: string;
  startStepId: string;
  steps: Step[];
  trigger?: unknown;
  reentry?: { mode: "once" } | { mode: "after_days"; days: number } | { mode: "always" };
};

export const emailStep = (id: string, next: string | null, subject = `Step ${id}`): Step => ({
  id,
  type: "email",
  email: { subject, blocks: sampleBlocks as never },
  next,
});

/** An active automation published as version 1. */
export async function makeAutomation(workspaceId: string, def: Definition) {
  await db().workspace.update({ where: { id: workspaceId }, data: { postalAddress: "1 Test Street, Testville" } });
  const a = await db().automation.create({
    data: {
      workspaceId,
      name: def.name ?? "Engine test automation",
      status: "active",
      activatedAt: new Date(),
      trigger: (def.trigger ?? { type: "api" }) as object,
      reentry: def.reentry ?? { mode: "once" },
      startStepId: def.startStepId,
      steps: def.steps as object[],
      fromName: "Sendwell Tests",
      fromEmail: "auto@example.com",
    },
  });
  await publish(a.id, def);
  return a;
}

/** Publishes `def` as the automation's next version (the API's PATCH of an active automation does the same). */
export async function publish(automationId: string, def: Pick<Definition, "startStepId" | "steps" | "reentry">) {
  const a = await db().automation.findUniqueOrThrow({ where: { id: automationId } });
  const previous = a.publishedVersion
    ? await db().automationVersion.findUniqueOrThrow({
        where: { automationId_version: { automationId, version: a.publishedVersion } },
      })
    : null;
  const prevSteps = new Map(((previous?.steps ?? []) as Step[]).map((s) => [s.id, s]));
  const prevBroadcasts = (previous?.emailBroadcasts ?? {}) as Record<string, string>;
  const emailBroadcasts: Record<string, string> = {};
  for (const step of def.steps) {
    if (step.type !== "email") continue;
    const before = prevSteps.get(step.id);
    if (before?.type === "email" && JSON.stringify(before.email) === JSON.stringify(step.email)) {
      emailBroadcasts[step.id] = prevBroadcasts[step.id]!;
      continue;
    }
    const b = await db().broadcast.create({
      data: {
        workspaceId: a.workspaceId,
        name: `${a.name} · ${step.name ?? step.id}`,
        automationId,
        automationStepId: step.id,
        subject: step.email.subject ?? null,
        previewText: step.email.previewText ?? null,
        blocks: step.email.blocks as object[],
        fromName: a.fromName,
        fromEmail: a.fromEmail,
        replyTo: a.replyTo,
        status: "sending",
        sendStartedAt: new Date(),
        stats: { create: {} },
      },
    });
    await recordLinks(b.id);
    emailBroadcasts[step.id] = b.id;
  }
  const version = a.publishedVersion + 1;
  await db().$transaction([
    db().automationVersion.create({
      data: {
        automationId,
        version,
        trigger: a.trigger as object,
        reentry: (def.reentry ?? a.reentry) as object,
        startStepId: def.startStepId,
        steps: def.steps as object[],
        fromName: a.fromName,
        fromEmail: a.fromEmail,
        emailBroadcasts,
      },
    }),
    db().automation.update({
      where: { id: automationId },
      data: { publishedVersion: version, startStepId: def.startStepId, steps: def.steps as object[] },
    }),
  ]);
  return { version, emailBroadcasts };
}

export const runsOf = (automationId: string) =>
  sql<{
    id: string;
    contactId: string;
    status: string;
    stepId: string | null;
    dueAt: Date | null;
    exitReason: string | null;
    converted: boolean;
    version: number;
    entryKey: string;
    waitingFor: string | null;
  }>(
    `SELECT id::text, "contactId", status, "stepId", "dueAt", "exitReason", converted, version, "entryKey", "waitingFor"
       FROM "AutomationRun" WHERE "automationId" = $1 ORDER BY id`,
    [automationId],
  );

export const historyOf = (runId: string) =>
  sql<{ stepId: string; stepType: string; outcome: string | null; leftAt: Date | null }>(
    `SELECT "stepId", "stepType", outcome, "leftAt" FROM "AutomationRunStep" WHERE "runId" = $1 ORDER BY id`,
    [runId],
  );

export const eventsOf = (workspaceId: string, type: string) =>
  sql<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM "Event" WHERE "workspaceId" = $1 AND type = $2 ORDER BY seq`,
    [workspaceId, type],
  );

export const contactIdsOf = async (workspaceId: string) =>
  (
    await sql<{ id: string; email: string }>(
      `SELECT id, email FROM "Contact" WHERE "workspaceId" = $1 ORDER BY email`,
      [workspaceId],
    )
  ).map((r) => r.id);

/** Takes every due step of the workspace's runs, claim after claim, until none is due (what a worker's loop does). */
export async function drive(workspaceId: string): Promise<number> {
  const { runDueAutomations } = await import("@/server/automations/runner");
  let claims = 0;
  while ((await runDueAutomations({ workspaceIds: [workspaceId] })) > 0) claims++;
  return claims;
}

/** Enters contacts as the API's enrol does (entry key api:<n>). */
export async function enrol(a: { id: string; workspaceId: string }, contactIds: string[]) {
  const { sqlTransaction } = await import("@/server/db/pool");
  const { enterRuns } = await import("@/server/automations/run-moves");
  const { automationNow } = await import("@/server/automations/clock");
  const now = await automationNow();
  return sqlTransaction((q) =>
    enterRuns(
      q,
      { automationId: a.id, workspaceId: a.workspaceId },
      contactIds.map((contactId, i) => ({ contactId, entryKey: `api:${i}` })),
      now,
    ),
  );
}

export const recipientsOfRuns = (automationId: string) =>
  sql<{ runId: string; stepId: string; email: string; batchNo: number; status: string; id: string }>(
    `SELECT r."runId"::text AS "runId", b."automationStepId" AS "stepId", r.email, r."batchNo", r.status, r.id::text
       FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
      WHERE b."automationId" = $1 ORDER BY r.id`,
    [automationId],
  );
