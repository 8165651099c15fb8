// npm start (production) / npm run dev – one command for a whole Sendwell: the embedded database (unless
// DATABASE_URL is set), migrations, a build when the sources changed, the web server (the front server of edge/,
// with Next.js behind it: WEB_CONCURRENCY processes on PORT) and a separate worker process.
// Ctrl-C or SIGTERM stops the children first, then closes the embedded database cleanly.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { acquireDatabase, runningEmbeddedDb } from "./lib/database.mjs";
import { migrate } from "./lib/migrate.mjs";
import { ensureServerSecret } from "./lib/secret.mjs";
import { buildIsStale } from "./lib/build-state.mjs";
import { root } from "./lib/schema-engine.mjs";
import { portProblem, portProblemMessage } from "./lib/port.mjs";

const dev = process.argv.includes("--dev");
const port = process.env.PORT || "3000";
const appUrl = (process.env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, "");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const log = (msg) => console.log(`[sendwell] ${msg}`);

if (!process.env.DATABASE_URL && (await runningEmbeddedDb())) {
  console.error(
    `[sendwell] Another Sendwell is already running on the data folder ${process.env.DATA_DIR || ".data"}.`,
  );
  process.exit(1);
}

const busy = await portProblem(port, process.env.HOST);
if (busy) {
  console.error(`[sendwell] ${portProblemMessage(port, busy)}`);
  process.exit(1);
}

ensureServerSecret();
const database = await acquireDatabase();
log(
  database.embedded
    ? `Embedded PostgreSQL (PGlite) serving ${database.url.replace(/\/\/.*@/, "//")}`
    : "Using DATABASE_URL",
);

const children = new Set();
let stopping = false;

// Children get 15 s before SIGKILL, the embedded database 10 s (scripts/lib/embedded-db.mjs stop); this is the last
// word, should anything still hang: the process ends, saying so.
const SHUTDOWN_LIMIT_MS = 30_000;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log("Shutting down…");
  setTimeout(() => {
    console.error(`[sendwell] Shutdown still unfinished after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway.`);
    process.exit(code || 1);
  }, SHUTDOWN_LIMIT_MS);
  await Promise.all([...children].map((child) => stopChild(child)));
  const { forced } = (await database.release()) ?? { forced: [] };
  log(forced.length > 0 ? "Stopped (the embedded database by force, see above)." : "Stopped cleanly.");
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const childEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  APP_URL: appUrl,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL || appUrl,
  NEXT_TELEMETRY_DISABLED: "1",
};

let ready = false;

function run(name, command, args, { keepAlive = true, env = childEnv } = {}) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  children.add(child);
  child.on("exit", async (code, signal) => {
    children.delete(child);
    if (keepAlive && !stopping) {
      console.error(`[sendwell] The ${name} process exited (${signal ?? code}); stopping everything.`);
      // The port was free a moment ago; if it is taken now, someone took it first: say so plainly.
      const taken = name === "web" && !ready ? await portProblem(port, process.env.HOST) : null;
      if (taken) console.error(`[sendwell] ${portProblemMessage(port, taken)}`);
      shutdown(1);
    }
  });
  return child;
}

function runToEnd(name, command, args) {
  return new Promise((resolve, reject) => {
    const child = run(name, command, args, { keepAlive: false });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${name} failed with exit code ${code}`))));
  });
}

try {
  await migrate(database.url, { log });
  if (!dev && buildIsStale()) {
    log("Building the web app (first start, or the sources changed)…");
    await runToEnd("build", bin("next"), ["build"]);
  }
} catch (error) {
  console.error(`[sendwell] ${error.message}`);
  await shutdown(1);
}

// A larger young generation: request garbage dies young, so fewer objects reach the old generation and fewer
// stop-the-world collections land in the latency tail (bench:api, p99 at a steady 200 requests/s).
// SENDWELL_INSTANCE lets the health check tell our own web server from anything else answering on the port:
// /api/health echoes its SHA-256, and only that answer means "ready".
const instance = randomBytes(16).toString("hex");
const instanceHash = createHash("sha256").update(instance).digest("hex");
const webEnv = {
  ...childEnv,
  PORT: port,
  SENDWELL_INSTANCE: instance,
  // One web process by default on the embedded database: it has one core of its own to run on (edge/config.ts).
  ...(database.embedded ? { SENDWELL_EMBEDDED_DB: "1" } : {}),
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-semi-space-size=64`.trim(),
};
// The front server (edge/main.ts, `npm run web`): it owns the port and runs Next.js in its custom-server mode.
run("web", process.execPath, ["--import", "tsx", path.join(root, "edge/main.ts"), ...(dev ? ["--dev"] : [])], {
  env: webEnv,
});
run("worker", process.execPath, ["--import", "tsx", path.join(root, "worker/main.ts")]);

// Ask the server where it listens: loopback unless HOST binds one specific address (then loopback may not answer,
// and the 5-minute limit below would stop a healthy server).
const healthHost =
  !process.env.HOST || ["0.0.0.0", "::", "[::]"].includes(process.env.HOST) ? "127.0.0.1" : process.env.HOST;
const healthUrl = `http://${healthHost.includes(":") && !healthHost.startsWith("[") ? `[${healthHost}]` : healthHost}:${port}/api/health`;
for (let i = 0; i < 1200 && !stopping; i++) {
  try {
    const res = await fetch(healthUrl);
    const body = res.ok ? await res.json() : null;
    if (body?.instance === instanceHash && !stopping) {
      ready = true;
      log(`Sendwell is ready at ${appUrl}`);
      break;
    }
  } catch {
    // not listening yet, or not a JSON answer (not ours)
  }
  await new Promise((r) => setTimeout(r, 250));
}
if (!ready && !stopping) {
  // Our web server is running but never answered as itself: say so instead of waiting silently forever.
  console.error(`[sendwell] The web server did not answer ${healthUrl} within 5 minutes.`);
  await shutdown(1);
}
