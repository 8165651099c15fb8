// Operator CLI (not an API endpoint): `npm run sendwell -- <command>`. Uses the same database settings as
// `npm start`: DATABASE_URL, or the embedded database in DATA_DIR (joined if Sendwell is running, opened otherwise).
// Results go alone to stdout so scripts can capture them; messages go to stderr.
import { acquireDatabase } from "../scripts/lib/database.mjs";
import { migrate } from "../scripts/lib/migrate.mjs";
import { parseCli, usage, type CliCommand } from "./parse-args";

async function run(command: CliCommand): Promise<string> {
  const database = await acquireDatabase();
  process.env.DATABASE_URL = database.url;
  const { disconnectDb } = await import("@/server/db/client");
  try {
    await migrate(database.url, { log: (m: string) => console.error(m) });
    const { runCommand } = await import("./commands");
    return await runCommand(command);
  } finally {
    await disconnectDb();
    await database.release();
  }
}

const parsed = parseCli(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.error}\n\n${usage}`);
  process.exit(2);
}
run(parsed.command)
  .then((out) => {
    process.stdout.write(`${out}\n`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
