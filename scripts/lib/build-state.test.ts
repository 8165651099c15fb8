// `npm start` rebuilds when a source of the web app changed: every folder the app's code imports from (by the `@/`
// alias, followed from app/ through what it reaches) must be watched, or a change there would serve a stale build.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCES } from "./build-state.mjs";

const root = path.resolve(import.meta.dirname, "../..");

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : codeFiles(p);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [p] : [];
  });
}

describe("build-state", () => {
  it("watches every top-level folder the web app's code imports from", () => {
    const reached = new Set(["app"]);
    const seen = new Set<string>();
    for (let grew = true; grew;) {
      grew = false;
      for (const folder of [...reached].filter((f) => !seen.has(f))) {
        seen.add(folder);
        const dir = path.join(root, folder);
        if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
        for (const file of codeFiles(dir)) {
          for (const [, top = ""] of readFileSync(file, "utf8").matchAll(/from "@\/([\w-]+)\//g)) {
            if (reached.has(top)) continue;
            reached.add(top);
            grew = true;
          }
        }
      }
    }
    expect([...reached].filter((folder) => !SOURCES.includes(folder)).sort()).toEqual([]);
    expect(reached).toContain("features");
  });
});
