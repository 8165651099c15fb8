// Job "maintain-embedded-database", every minute: on the embedded database only, VACUUM (ANALYZE) or ANALYZE the
// tables whose churn since the last pass calls for it (server/db/maintenance.ts), as autovacuum does on a PostgreSQL
// server. A PostgreSQL server keeps itself; there the job returns after one query. When nothing churned, a pass is
// one read of pg_stat_user_tables. The first pass after a start (within a minute) analyzes never-analyzed tables and
// vacuums once what the lost statistics no longer account for.
import { z } from "zod";
import { isEmbeddedDatabase, maintainTables } from "@/server/db/maintenance";
import type { JobDefinition } from "./job-definition";

export async function maintainEmbeddedDatabase() {
  if (!(await isEmbeddedDatabase())) return null;
  return maintainTables();
}

export const maintainEmbeddedDatabaseJob: JobDefinition<z.ZodObject> = {
  name: "maintain-embedded-database",
  payload: z.object({}),
  schedule: "* * * * *",
  // A missed pass is made up by the next one a minute later.
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  handle: async () => {
    const result = await maintainEmbeddedDatabase();
    if (result && (result.vacuumed.length > 0 || result.analyzed.length > 0)) {
      console.log(JSON.stringify({ source: "db", message: "maintained embedded database", ...result }));
    }
  },
};
