import { createAutomation } from "@/server/services/automations/create-automation";
import { activateAutomation } from "@/server/services/automations/activate-automation";
import { sql } from "@/server/db/pool";
import { disconnectDb } from "@/server/db/client";
const [ws] = await sql<{ id: string }>(`SELECT id FROM "Workspace" LIMIT 1`, []);
for (let i = 0; i < 50; i++) {
  const a = await createAutomation(ws!.id, {
    name: "W" + i,
    trigger: { type: "api" },
    startStepId: "wait-month",
    steps: [
      { id: "wait-month", type: "delay", delay: { mode: "duration", amount: 30, unit: "days" }, next: "done" },
      { id: "done", type: "exit" },
    ],
  });
  await activateAutomation(ws!.id, a.id);
  await sql(
    `INSERT INTO "AutomationRun" ("workspaceId","automationId","contactId",version,"entryKey","stepId","dueAt")
     SELECT $1,$2,c.id,1,'p','wait-month',now() + interval '30 days' FROM "Contact" c`,
    [ws!.id, a.id],
  );
}
await sql(`ANALYZE "AutomationRun"`, []);
console.log(await sql(`SELECT count(*) FROM "AutomationRun" WHERE status='active'`, []));
await disconnectDb();
process.exit(0);
