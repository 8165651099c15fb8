// npm run db:migrate – apply committed migrations to DATABASE_URL or the embedded database.
import { acquireDatabase } from "./lib/database.mjs";
import { migrate } from "./lib/migrate.mjs";

const db = await acquireDatabase();
try {
  await migrate(db.url);
} catch (error) {
  console.error(`Migration failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.release();
}
