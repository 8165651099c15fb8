// The layout docs/openapi.md describes: one operation per file, named after its operationId, listed once in its
// resource's index. A file left out of its index would be an operation missing from the document.
import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "./shared";

const root = import.meta.dirname;
const NOT_OPERATIONS = new Set(["index.ts", "schemas.ts", "events.ts"]);
const resources = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const kebab = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe.each(resources)("server/openapi/%s", (resource) => {
  const files = readdirSync(path.join(root, resource)).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !NOT_OPERATIONS.has(f),
  );
  const modules = new Map<string, Record<string, unknown>>();

  // Importing compiles the zod schemas behind each operation: slow on a cold, busy machine, so not in a test's time.
  beforeAll(async () => {
    for (const file of [...files, "index.ts"]) {
      modules.set(file, (await import(path.join(root, resource, file))) as Record<string, unknown>);
    }
  }, 60_000);

  it("declares one operation per file, named after its operationId", () => {
    for (const file of files) {
      const entries = Object.entries(modules.get(file)!);
      expect(entries, file).toHaveLength(1);
      const [name, op] = entries[0] as [string, Operation];
      expect(op.operationId, file).toBe(name);
      expect(`${kebab(op.operationId)}.ts`).toBe(file);
    }
  });

  it("lists every operation of the folder in its index, once", () => {
    const listed = Object.values(modules.get("index.ts")!)
      .filter((v): v is Operation[] => Array.isArray(v))
      .flat()
      .map((op) => `${kebab(op.operationId)}.ts`);
    expect([...listed].sort()).toEqual([...files].sort());
  });
});
