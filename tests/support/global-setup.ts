// One real PostgreSQL for the integration suite: TEST_DATABASE_URL (a server) or an in-memory embedded PGlite.
// Migrated once; tests isolate themselves by creating their own workspaces.
import type { TestProject } from "vitest/node";
import { startEmbeddedDb } from "../../scripts/lib/embedded-db.mjs";
import { migrate } from "../../scripts/lib/migrate.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const embedded = process.env.TEST_DATABASE_URL ? null : await startEmbeddedDb({ dataDir: null });
  const url = process.env.TEST_DATABASE_URL ?? embedded!.url;
  await migrate(url, { log: () => {} });
  project.provide("databaseUrl", url);
  return async () => {
    await embedded?.stop();
  };
}
