// The pg-boss instance of a process, on the same database as everything else.
import PgBoss from "pg-boss";

let boss: PgBoss | undefined;

export async function startBoss(): Promise<PgBoss> {
  if (boss) return boss;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set.");
  boss = new PgBoss({ connectionString, schema: "pgboss", max: Number(process.env.WORKER_POOL_SIZE || 5) });
  boss.on("error", (error) =>
    console.error(JSON.stringify({ level: "error", source: "pg-boss", error: String(error) })),
  );
  await boss.start();
  return boss;
}

export async function stopBoss() {
  await boss?.stop({ graceful: true, timeout: 10_000 });
  boss = undefined;
}
