// npm test's "openapi" step: the document the server serves is lint-clean (Redocly's recommended rules, no errors
// and no warnings) and good for generated clients: openapi-typescript turns it into types and a small client that
// uses them type-checks. Runs offline: Redocly's telemetry and update check are off.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./lib/schema-engine.mjs";

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const dir = mkdtempSync(path.join(tmpdir(), "sendwell-openapi-"));
const documentFile = path.join(dir, "openapi.json");

// What a generated client relies on: operations by operationId, integer pagination, both statuses of the contact
// upsert, non-empty PATCH bodies, bodies whose members go together. A wrong document makes one of these lines a type
// error.
const client = `
import type { components, operations, paths } from "./api";

type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;

const tagName: Json<paths["/api/v1/tags"]["get"]["responses"][200]>["data"][number]["name"] = "Newsletter";
const query: NonNullable<operations["listTags"]["parameters"]["query"]> = { page: 2, limit: 50 };
// @ts-expect-error page is an integer, not a string
const badQuery: NonNullable<operations["listTags"]["parameters"]["query"]> = { page: "2" };
const created: Json<operations["createContact"]["responses"][201]>["data"]["email"] = "ada@example.com";
const updated: Json<operations["createContact"]["responses"][200]>["data"]["id"] = "3f8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a21";
const patch: components["schemas"]["UpdateTag"] = { color: "#6366f1" };
const count: Json<operations["previewSegment"]["responses"][200]>["data"]["contactCount"] = 3;
const problem: components["schemas"]["Problem"]["status"] = 422;
// Bodies the server refuses are not buildable: a schedule names its time, a test email its address(es).
const schedule: components["schemas"]["ScheduleBroadcast"] = { timezoneMode: "fixed", scheduledAt: "2030-01-01T09:00:00Z" };
// @ts-expect-error a schedule needs scheduledAt, or timezoneMode subscriber with localDate and localTime
const noTime: components["schemas"]["ScheduleBroadcast"] = { timezoneMode: "fixed" };
const test: components["schemas"]["TestBroadcast"] = { emails: ["ada@example.com"] };
// @ts-expect-error a test email needs email or emails
const noAddress: components["schemas"]["TestBroadcast"] = { variantId: "b" };
export const used = [tagName, query, badQuery, created, updated, patch, count, problem, schedule, noTime, test, noAddress];
`;

const steps = [
  ["document", bin("tsx"), [path.join(root, "scripts/write-openapi.ts"), documentFile]],
  ["lint", bin("redocly"), ["lint", documentFile, "--config", path.join(root, "redocly.yaml"), "--max-problems=50"]],
  ["types", bin("openapi-typescript"), [documentFile, "--output", path.join(dir, "api.ts")]],
  [
    "client",
    bin("tsc"),
    [
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--target",
      "es2022",
      "--module",
      "nodenext",
      path.join(dir, "client.ts"),
    ],
  ],
];

let status = 0;
try {
  writeFileSync(path.join(dir, "client.ts"), client);
  for (const [name, command, args] of steps) {
    const r = spawnSync(command, args, {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        // The document's server is the configured APP_URL; localhost (the default) is a lint warning, so the check
        // uses a reserved name instead.
        APP_URL: "https://sendwell.test",
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
      },
    });
    if (r.status !== 0) {
      console.error(`openapi: ${name} failed`);
      status = 1;
      break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
