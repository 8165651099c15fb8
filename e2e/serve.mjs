// Starts Sendwell for Playwright exactly as a user does (`npm start`), on a database nobody has used yet:
// a fresh embedded data folder, or a fresh database on the TEST_DATABASE_URL server.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startDeliverabilityHarness } from "./support/deliverability-harness.mjs";

// The server's output also goes to a file the specs read (truncated at each start): offline, account mail such as
// a password reset link reaches nobody but the server log (server/email/outbox-transport.ts). Same default path as
// e2e/server-log.ts.
const logPath = process.env.E2E_SERVER_LOG ?? path.join(tmpdir(), "sendwell-e2e-server.log");
const log = createWriteStream(logPath, { flags: "w" });

// The deliverability spec's DNS server, SMTP sink and bounce mailbox (e2e/support/deliverability-harness.mjs), on free
// ports for every run (cheap, and the app is started once for all specs). The spec finds their control endpoint in
// this file (e2e/support/harness.ts reads the same path).
const harness = await startDeliverabilityHarness({ log: (line) => log.write(`${line}\n`) });
const harnessFile = `${logPath}.harness.json`;
writeFileSync(harnessFile, JSON.stringify({ controlUrl: harness.controlUrl }));

const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-e2e-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  // The webhook specs deliver to a receiver on this machine, and must see retries within seconds.
  WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  WEBHOOK_RETRY_SCHEDULE: "1s,2s,5s",
  // Every spec's visitor signs up from 127.0.0.1: the per-address limit would count all of them as one person
  // (the limit itself is tested in tests/integration/forms-public.test.ts).
  FORM_RATE_LIMIT_PER_IP: "1000",
  // The automations spec moves the automation clock forward (POST /api/test-clock) instead of waiting days.
  SENDWELL_TEST_CLOCK: "1",
  // Sending domains are checked against the harness's DNS server; bounces are read from its mailbox every 2 s.
  ...harness.env,
};
let dropDatabase = async () => {};

if (process.env.TEST_DATABASE_URL) {
  const name = `sendwell_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "../scripts/start.mjs")], {
  env,
  stdio: ["inherit", "pipe", "pipe"],
});
// Still shown where it was before (Playwright's webServer pipe), and written to the file.
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on("data", (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
const forward = (signal) => child.kill(signal);
process.on("SIGTERM", () => forward("SIGTERM"));
process.on("SIGINT", () => forward("SIGINT"));
child.on("exit", async (code) => {
  await dropDatabase().catch(() => {});
  await harness.close().catch(() => {});
  rmSync(harnessFile, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  log.end(() => process.exit(code ?? 0));
});
