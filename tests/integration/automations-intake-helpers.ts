// Shared by the automation intake tests: a cursor row of the test's own (the suite's files share one database, and
// cursor row 1 is the production one), passes of the real intake over the test workspace's activity, and builders.
import { expect } from "vitest";
import { sql } from "@/server/db/pool";
import { runIntakePass } from "@/server/automations/intake";
import { INTAKE_TYPES } from "@/server/automations/intake-map";
import { createContact } from "@/server/services/contacts/create-contact";
import { createTag } from "@/server/services/tags/create-tag";
import type { CreateContact } from "@/lib/schemas/contacts";

let nextCursor = 100_000 + Math.floor(Math.random() * 1_000_000_000);

const LATEST = `
  SELECT xid::text, seq::text FROM "ContactActivity"
   WHERE "workspaceId" = $1 AND type = ANY($2::text[]) ORDER BY xid DESC, seq DESC LIMIT 1`;

/** An intake over one workspace's activity, from what is there now (`fromStart`: from its first row). */
export async function intakeFor(workspaceId: string, { fromStart = false } = {}) {
  const cursorId = nextCursor++;
  const [at] = fromStart ? [] : await sql<{ xid: string; seq: string }>(LATEST, [workspaceId, INTAKE_TYPES]);
  await sql(`INSERT INTO "AutomationIntakeCursor" (id, "lastXid", "lastSeq") VALUES ($1, $2, $3)`, [
    cursorId,
    at?.xid ?? 0,
    at?.seq ?? 0,
  ]);
  const cursor = async () =>
    (
      await sql<{ xid: string; seq: string }>(
        `SELECT "lastXid"::text AS xid, "lastSeq"::text AS seq FROM "AutomationIntakeCursor" WHERE id = $1`,
        [cursorId],
      )
    )[0]!;
  const pass = (now: Date, limit?: number) => runIntakePass({ now, cursorId, workspaceId, limit });
  return {
    cursorId,
    pass,
    cursor,
    /** Runs passes until everything the workspace has written so far is read (a transaction elsewhere on the
     *  server may hold the intake back for a moment: it never reads past one still running). */
    async catchUp(now: Date) {
      const [target] = await sql<{ xid: string; seq: string }>(LATEST, [workspaceId, INTAKE_TYPES]);
      if (!target) return;
      await expect
        .poll(
          async () => {
            await pass(now);
            const c = await cursor();
            return BigInt(c.xid) > BigInt(target.xid) || (c.xid === target.xid && BigInt(c.seq) >= BigInt(target.seq));
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBe(true);
    },
    rewind: () => sql(`UPDATE "AutomationIntakeCursor" SET "lastXid" = 0, "lastSeq" = 0 WHERE id = $1`, [cursorId]),
  };
}

export async function contact(workspaceId: string, input: Partial<CreateContact> = {}) {
  const email = input.email ?? `c-${crypto.randomUUID().slice(0, 8)}@example.com`;
  return (await createContact({ workspaceId, input: { ...input, email } as CreateContact })).contact;
}

export const tag = (workspaceId: string, name = `t-${crypto.randomUUID().slice(0, 6)}`) =>
  createTag({ workspaceId, input: { name } });

export const hasTag = (tagId: string) => ({ match: "all", conditions: [{ type: "tag", operator: "has", tagId }] });

export const setEntryFilter = (automationId: string, rules: unknown) =>
  sql(`UPDATE "AutomationVersion" SET "entryFilter" = $2 WHERE "automationId" = $1`, [automationId, rules]);

/** Puts a run where the runner would have it: at `stepId`, due far ahead (a delay), or waiting for an event. */
export const placeRun = (runId: string, stepId: string, waitingFor: string | null = null) =>
  sql(
    `UPDATE "AutomationRun" SET "stepId" = $2, "waitingFor" = $3, "dueAt" = now() + interval '30 days'
      WHERE id = $1`,
    [runId, stepId, waitingFor],
  );

export const runCount = async (automationId: string) =>
  Number(
    (
      await sql<{ n: string }>(`SELECT count(*)::text AS n FROM "AutomationRun" WHERE "automationId" = $1`, [
        automationId,
      ])
    )[0]!.n,
  );
