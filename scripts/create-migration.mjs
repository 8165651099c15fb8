// npm run db:migration:create -- <name> – write prisma/migrations/<timestamp>_<name>/migration.sql from the changes
// made to the schema (prisma/schema/*.prisma) since the last migration. Works offline: it diffs the schema against the
// snapshot kept beside the newest migration (the schema's files joined into one schema.prisma), then proves the whole
// history applies to a scratch embedded database.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startEmbeddedDb } from "./lib/embedded-db.mjs";
import {
  openEngine,
  diffSinceLastMigration,
  applyMigrations,
  migrationsDir,
  schemaSnapshot,
} from "./lib/schema-engine.mjs";

const name = (process.argv[2] ?? "")
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_")
  .replace(/^_|_$/g, "");
if (!name) {
  console.error("Usage: npm run db:migration:create -- <name>");
  process.exit(2);
}
const scratch = await startEmbeddedDb({ dataDir: null });
const engine = await openEngine(scratch.url);
try {
  const sql = await diffSinceLastMigration(engine);
  if (!sql) {
    console.log("prisma/schema/*.prisma has no changes since the last migration.");
  } else {
    const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
    const dir = path.join(migrationsDir, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), `${sql}\n`);
    await writeFile(path.join(dir, "schema.prisma"), await schemaSnapshot());
    await writeFile(path.join(migrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');
    const applied = await applyMigrations(engine);
    console.log(`Created ${path.relative(process.cwd(), dir)}; the full history (${applied.length}) applies cleanly.`);
  }
} finally {
  engine.free();
  await scratch.stop();
}
