// The committed migrations match the schema (prisma/schema/*.prisma): a schema change without its migration fails here.
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import {
  openEngine,
  diffSinceLastMigration,
  diffToCurrentSchema,
  readSchemaFiles,
  schemaSnapshot,
} from "../../scripts/lib/schema-engine.mjs";
import { migrate } from "../../scripts/lib/migrate.mjs";

describe("migrations", () => {
  it("cover every change in prisma/schema/*.prisma", async () => {
    const engine = await openEngine(inject("databaseUrl"));
    try {
      expect(await diffSinceLastMigration(engine)).toBe("");
    } finally {
      engine.free();
    }
  });

  it("snapshot the whole multi-file schema: the next migration diffs against every file", async () => {
    const engine = await openEngine(inject("databaseUrl"));
    try {
      const snapshot = [{ path: "schema.prisma", content: await schemaSnapshot() }];
      expect(await diffToCurrentSchema(engine, snapshot)).toBe("");
      expect((await readSchemaFiles()).length).toBeGreaterThan(1);
      expect(await diffToCurrentSchema(engine, null)).toMatch(/CREATE TABLE "FormConfirmation"/);
    } finally {
      engine.free();
    }
  });

  it("are a no-op when applied again", async () => {
    expect(await migrate(inject("databaseUrl"), { log: () => {} })).toEqual([]);
  });
});
