// Moves an import to `queued` and enqueues its job in ONE transaction (pg-boss writes its job row through our
// connection), so the job exists if and only if the status change committed: a web process dying in between
// loses nothing and enqueues nothing twice.
import PgBoss from "pg-boss";
import { pool } from "@/server/db/pool";
import { importContactsJob, IMPORT_JOB_EXPIRE_SECONDS } from "@/server/jobs/import-contacts";

const globalForSender = globalThis as unknown as { importSender?: Promise<PgBoss> };

/**
 * A send-only pg-boss of the web process: no polling, no maintenance (the worker does those). Starting it installs
 * pg-boss's schema and the queue if no worker has yet, with the worker's queue settings (worker/main.ts).
 */
function sender(): Promise<PgBoss> {
  globalForSender.importSender ??= (async () => {
    const boss = new PgBoss({
      connectionString: process.env.DATABASE_URL,
      schema: "pgboss",
      max: 2,
      supervise: false,
      schedule: false,
    });
    boss.on("error", (error) =>
      console.error(JSON.stringify({ level: "error", source: "pg-boss-sender", error: String(error) })),
    );
    await boss.start();
    const { name, retryLimit } = importContactsJob;
    await boss.createQueue(name, { name, retryLimit: retryLimit ?? 5, retryBackoff: true });
    return boss;
  })().catch((error) => {
    globalForSender.importSender = undefined; // try again on the next call
    throw error;
  });
  return globalForSender.importSender;
}

/**
 * Runs `change` (the conditional status UPDATE; it returns whether a row moved) and, when it moved, the job insert,
 * all in one transaction. Returns whether the import was queued.
 */
export async function queueImportInTransaction(
  importId: string,
  change: (query: (text: string, values: unknown[]) => Promise<{ rowCount: number | null }>) => Promise<boolean>,
): Promise<boolean> {
  const boss = await sender();
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    if (!(await change((text, values) => client.query(text, values)))) {
      await client.query("ROLLBACK");
      return false;
    }
    const jobId = await boss.send(
      importContactsJob.name,
      { importId },
      { expireInSeconds: IMPORT_JOB_EXPIRE_SECONDS, db: { executeSql: (text, values) => client.query(text, values) } },
    );
    if (!jobId) throw new Error(`pg-boss did not enqueue ${importContactsJob.name}: is its queue missing?`);
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** For tests and clean shutdowns. */
export async function stopImportSender() {
  const boss = await globalForSender.importSender?.catch(() => undefined);
  globalForSender.importSender = undefined;
  await boss?.stop({ graceful: false, wait: true });
}
