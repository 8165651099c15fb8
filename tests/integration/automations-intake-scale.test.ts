// A bulk entry through the intake stays proportional to the batch: entering contacts behind thousands of runs of the
// same automation probes each entry by key (planned as joins, every batch scanned every run).
import pg from "pg";
import { expect, it, vi } from "vitest";
import { pool, sql, sqlTransaction } from "@/server/db/pool";
import { automationNow } from "@/server/automations/clock";
import { enterRuns } from "@/server/automations/run-moves";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { contactIdsOf, emailStep, makeAutomation } from "../support/automations";
import { intakeFor, runCount, tag } from "./automations-intake-helpers";

type PlanNode = {
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Join Filter"?: number;
  Plans?: PlanNode[];
};

/** Rows every node of an executed plan produced or threw away, over all its loops. */
const touched = (n: PlanNode): number =>
  ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Join Filter"] ?? 0)) *
    (n["Actual Loops"] ?? 1) +
  (n.Plans ?? []).reduce((sum, p) => sum + touched(p), 0);

it("enters 500 contacts behind 2,000 runs touching rows in proportion to the 500", { timeout: 120_000 }, async () => {
  const now = await automationNow();
  const ws = await makeWorkspace();
  const t = await tag(ws.id);
  const a = await makeAutomation(ws.id, {
    startStepId: "hello",
    steps: [emailStep("hello", null)],
    trigger: { type: "tag_added", tagId: t.id },
    reentry: { mode: "always" }, // keeps the entry keys as given ("once" would store "once" for all)
  });
  await seedContacts(ws.id, manyContacts("old", 2000));
  const old = await contactIdsOf(ws.id);
  await sqlTransaction((q) =>
    enterRuns(
      q,
      { automationId: a.id, workspaceId: ws.id },
      old.map((contactId) => ({ contactId, entryKey: "api" })),
      now,
    ),
  );
  const intake = await intakeFor(ws.id);
  await seedContacts(ws.id, manyContacts("new", 500), [t.id]);
  // Statistics as autovacuum keeps them on a server: with none (a table analysed when it was nearly empty, as the
  // full suite leaves it on the embedded database) any plan may look cheap, and the count below measures luck.
  await sql(`ANALYZE "Contact"`, []);
  await sql(`ANALYZE "AutomationRun"`, []);

  const spy = vi.spyOn(pg.Client.prototype, "query");
  let statement: [string, unknown[]];
  try {
    await intake.catchUp(now);
    statement = spy.mock.calls.filter(([text]) => String(text).includes(`INSERT INTO "AutomationRun"`)).at(-1) as never;
  } finally {
    spy.mockRestore();
  }
  expect(await runCount(a.id)).toBe(2500);

  // The same statement again, on the same data, for its plan (the new entries undone first, all rolled back).
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query(`DELETE FROM "AutomationRun" WHERE "automationId" = $1 AND "entryKey" <> 'api'`, [a.id]);
    const [text, values] = statement!;
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    const plan = (rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
    // A scan of every run per entry would be 500 × 2,000 = 1,000,000.
    expect(touched(plan)).toBeLessThan(50 * 500);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
});
