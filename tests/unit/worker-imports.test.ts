// The worker runs outside Next.js (tsx), where the `server-only` package throws on import: one such import anywhere
// in the worker's module graph stops every background job at start-up. Vitest maps `server-only` to an empty module,
// so no other test notices; this one walks the worker's imports on disk and fails with the chain that reaches it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SPECIFIERS = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(?\s*["']([^"']+)["']/g;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** The chain of files from `entry` to the first one importing "server-only", or null. */
function serverOnlyChain(entry: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    const source = readFileSync(file, "utf8");
    for (const [, a, b] of source.matchAll(SPECIFIERS)) {
      const spec = (a ?? b)!;
      if (spec === "server-only") {
        const chain = [file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.unshift(p);
        return chain.map((f) => path.relative(ROOT, f));
      }
      const next = resolve(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe("the worker's module graph", () => {
  it("never imports server-only", () => {
    expect(serverOnlyChain(path.join(ROOT, "worker/main.ts"))).toBeNull();
  });
});
