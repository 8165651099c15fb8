import { createAutomation } from "@/server/services/automations/create-automation";
import { activateAutomation } from "@/server/services/automations/activate-automation";
import { AUTOMATION_TEMPLATES } from "@/lib/automation-templates";
import { runDueAutomations } from "@/server/automations/runner";
import { sql } from "@/server/db/pool";
import { disconnectDb } from "@/server/db/client";

const [ws] = await sql<{ id: string }>(`SELECT id FROM "Workspace" LIMIT 1`, []);
const welcome = AUTOMATION_TEMPLATES[0]!.steps.find((s) => s.type === "email")!;
const a = await createAutomation(ws!.id, {
  name: "P" + Date.now(),
  trigger: { type: "api" },
  startStepId: "e",
  steps: [{ ...(welcome as any), id: "e", next: "x" }, { id: "x", type: "exit" }],
});
await activateAutomation(ws!.id, a.id);
await sql(
  `INSERT INTO "AutomationRun" ("workspaceId","automationId","contactId",version,"entryKey","stepId","dueAt")
   SELECT $1,$2,c.id,1,'p','e',now() - interval '1 second' FROM "Contact" c ORDER BY c.id LIMIT 10000`,
  [ws!.id, a.id],
);
const t0 = performance.now();
let n: number;
do {
  const t = performance.now();
  n = await runDueAutomations({ log: console.log });
  console.log("claim+steps", n, Math.round(performance.now() - t), "ms");
} while (n > 0);
console.log("total", Math.round(performance.now() - t0));
await disconnectDb();
process.exit(0);
