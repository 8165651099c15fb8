// Prisma's real schema engine, compiled to WebAssembly, driven through the pg driver adapter. It needs no
// downloaded binary, so migrations work offline. Migration folders keep Prisma's standard layout and
// `_prisma_migrations` bookkeeping, so `prisma migrate deploy` still works for operators who prefer it.
import { readFile, readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
/** The schema is split by domain into the .prisma files of this folder (Prisma's multi-file schema). */
export const schemaDir = path.join(root, "prisma/schema");
export const migrationsDir = path.join(root, "prisma/migrations");
const noFilters = { externalTables: [], externalEnums: [] };

let bg;
/** Instantiates the wasm module by hand: Node 20 cannot import .wasm as ESM without a flag. */
async function loadEngineModule() {
  if (bg) return bg;
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const pkgDir = path.dirname(bgPath);
  bg = await import(bgPath);
  const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start?.();
  return bg;
}

/** The schema's files in name order, as `{ path, content }`. */
export async function readSchemaFiles() {
  const names = (await readdir(schemaDir)).filter((name) => name.endsWith(".prisma")).sort();
  return Promise.all(
    names.map(async (name) => ({
      path: path.join(schemaDir, name),
      content: await readFile(path.join(schemaDir, name), "utf8"),
    })),
  );
}

/** The schema's files without their generator block: the engine only needs the datasource and models. */
export async function readDatamodel() {
  return (await readSchemaFiles()).map(({ path: file, content }) => ({
    path: file,
    content: content.replace(/generator\s+\w+\s*\{[^}]*\}/g, ""),
  }));
}

/**
 * The whole schema as one text, each file under a comment naming it: the snapshot a migration folder keeps
 * (`schema.prisma`), so the next migration diffs against one file whatever the folder looked like then.
 */
export async function schemaSnapshot() {
  const files = await readSchemaFiles();
  return files.map(({ path: file, content }) => `// ${path.relative(root, file)}\n${content.trimEnd()}\n`).join("\n");
}

/** Opens an engine connected to `connectionString`. */
export async function openEngine(connectionString, { log = () => {} } = {}) {
  const { SchemaEngine } = await loadEngineModule();
  const factory = new PrismaPg({ connectionString });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => wholeScripts(await connect());
  const datamodels = (await readDatamodel()).map(({ path: file, content }) => [file, content]);
  return SchemaEngine.new({ datamodels }, log, bindMigrationAwareSqlAdapterFactory(factory));
}

/**
 * The pg adapter splits scripts on every ";", which breaks function bodies ($$ … ; … $$) in migrations. Send each
 * script whole instead, as one simple-protocol query, which PostgreSQL also runs as one implicit transaction.
 */
function wholeScripts(adapter) {
  adapter.executeScript = async function executeScript(script) {
    try {
      await this.client.query(script);
    } catch (error) {
      this.onError(error);
    }
  };
  return adapter;
}

export async function loadMigrationsList() {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const dirs = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const migrationDirectories = await Promise.all(
    dirs.map(async (dir) => ({
      path: dir,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: await readFile(path.join(migrationsDir, dir, "migration.sql"), "utf8") },
      },
    })),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/** Applies every committed migration not yet applied; returns their names. Callers hold an advisory lock
 * (see migrate.mjs) so two processes starting at once do not race. */
export async function applyMigrations(engine) {
  const { appliedMigrationNames } = await engine.applyMigrations({
    migrationsList: await loadMigrationsList(),
    filters: noFilters,
  });
  return appliedMigrationNames;
}

/**
 * SQL that takes the schema of the newest migration (its `schema.prisma` snapshot) to the current schema.
 * A pure datamodel diff: no database, no shadow database, no internet. Empty string when nothing changed.
 */
export async function diffSinceLastMigration(engine) {
  const { migrationDirectories } = await loadMigrationsList();
  const last = migrationDirectories.at(-1);
  const snapshotPath = last && path.join(migrationsDir, last.path, "schema.prisma");
  return diffToCurrentSchema(
    engine,
    snapshotPath && existsSync(snapshotPath)
      ? [{ path: snapshotPath, content: await readFile(snapshotPath, "utf8") }]
      : null,
  );
}

/** SQL that takes the schema made of `files` (null: an empty database) to the current schema; "" when equal. */
export async function diffToCurrentSchema(engine, files) {
  const { stdout } = await engine.diff({
    from: files ? { tag: "schemaDatamodel", files } : { tag: "empty" },
    to: { tag: "schemaDatamodel", files: await readDatamodel() },
    script: true,
    exitCode: null,
    filters: noFilters,
  });
  const sql = (stdout ?? "").trim();
  return sql === "-- This is an empty migration." ? "" : sql;
}
