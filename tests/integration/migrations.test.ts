// The committed migrations match prisma/schema.prisma: a schema change without its migration fails here.
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openEngine, diffSinceLastMigration } from "../../scripts/lib/schema-engine.mjs";
import { migrate } from "../../scripts/lib/migrate.mjs";

describe("migrations", () => {
  it("cover every change in prisma/schema.prisma", async () => {
    const engine = await openEngine(inject("databaseUrl"));
    try {
      expect(await diffSinceLastMigration(engine)).toBe("");
    } finally {
      engine.free();
    }
  });

  it("are a no-op when applied again", async () => {
    expect(await migrate(inject("databaseUrl"), { log: () => {} })).toEqual([]);
  });
});
