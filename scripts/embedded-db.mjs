// npm run db:serve – serve the embedded database of DATA_DIR on its own (for psql, GUI tools or a separately started
// web/worker), until Ctrl-C or SIGTERM, which close it cleanly (or, within 10 s, by force: exit status 1). Prints the
// connection URL, with the data folder's password (DATA_DIR/db-password).
import { acquireDatabase, runningEmbeddedDb } from "./lib/database.mjs";

if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: there is no embedded database to serve.");
  process.exit(2);
}
if (await runningEmbeddedDb()) {
  console.error("The embedded database of this DATA_DIR is already served by another process.");
  process.exit(1);
}
const database = await acquireDatabase();
console.log(database.url);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  const { forced } = await database.release();
  process.exit(forced.length > 0 ? 1 : 0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
