// npm test – everything, in the order that fails fastest: types, lint, format, the OpenAPI document, unit +
// integration (vitest), then the Playwright ui and api projects against a production build. Ends with one summary
// line of test counts.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { root } from "./lib/schema-engine.mjs";

const bin = (name) => path.join(root, "node_modules", ".bin", name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, "reports");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- integration e2e` runs just those steps
const steps = [
  ["types", bin("tsc"), ["--noEmit"]],
  ["lint", bin("eslint"), [".", "--max-warnings=0"]],
  ["format", bin("prettier"), ["--check", "."]],
  // The served OpenAPI document: Redocly lint (strict), generated client types, a client using them (openapi-check.mjs).
  ["openapi", process.execPath, [path.join(root, "scripts", "openapi-check.mjs")]],
  [
    "vitest",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(results, "vitest.json")}`],
  ],
  ["e2e", bin("playwright"), ["test"]],
].filter(
  ([name]) =>
    only.length === 0 ||
    only.includes(name) ||
    (name === "vitest" && only.some((o) => ["unit", "integration"].includes(o))),
);

if (only.length && steps.length === 0) {
  console.error(
    `Unknown step(s): ${only.join(", ")}. Steps: types, lint, format, openapi, vitest (unit, integration), e2e.`,
  );
  process.exit(2);
}

let failedStep = null;
for (const [name, command, args] of steps) {
  const extra =
    name === "vitest" && only.length && !only.includes("vitest") ? only.flatMap((p) => ["--project", p]) : [];
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(command, [...args, ...extra], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  console.log(`◀ ${name}: ${r.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
const vitestReport = path.join(results, "vitest.json");
if (existsSync(vitestReport)) {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}
const pwReport = path.join(results, "playwright.json");
if (existsSync(pwReport)) {
  const p = JSON.parse(readFileSync(pwReport, "utf8"));
  passed += p.stats.expected;
  failed += p.stats.unexpected + (p.stats.flaky ?? 0);
}
if (failedStep && failed === 0) failed = 1; // a failed type check or lint counts as a failure too
console.log(`\n${failedStep ? `Failed at step "${failedStep}".` : "All steps passed."}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
