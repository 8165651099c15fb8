// Where the database is: `DATABASE_URL` (a PostgreSQL server) or the embedded PGlite in `DATA_DIR`.
// Only one process may open PGlite's data folder, so the process that serves it writes `<DATA_DIR>/embedded-db.json`
// and every other process (web, worker, CLI) connects to that port instead of opening the folder. The server asks
// for a password, generated once per data folder into `<DATA_DIR>/db-password` (readable by its owner only); the
// info file's URL carries it, so it is readable by its owner only too.
import { randomBytes } from "node:crypto";
import { chmod, readFile, writeFile, rm } from "node:fs/promises";
import { existsSync, mkdirSync, readFileSync, statSync, chmodSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { startEmbeddedDb } from "./embedded-db.mjs";
import { root } from "./schema-engine.mjs";

export function dataDir() {
  return path.resolve(root, process.env.DATA_DIR || ".data");
}

function loadDotEnv() {
  const file = path.join(root, ".env");
  if (existsSync(file) && typeof process.loadEnvFile === "function") process.loadEnvFile(file);
}
loadDotEnv();

const infoFile = () => path.join(dataDir(), "embedded-db.json");
const passwordFile = () => path.join(dataDir(), "db-password");

/**
 * The embedded database's password for DATA_DIR: made on first use (also for a data folder from before passwords,
 * whose database has no need to change: the password guards the port, not the data), then the same at every start.
 */
export function embeddedDbPassword() {
  const file = passwordFile();
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    // "wx": of two processes starting at once, one writes it and both read the same.
    try {
      writeFileSync(file, randomBytes(24).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const password = readFileSync(file, "utf8").trim();
  if (!password) throw new Error(`${file} is empty: delete it and start again to generate a new password.`);
  return password;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/** The embedded server already running for this DATA_DIR, if any. */
export async function runningEmbeddedDb() {
  if (!existsSync(infoFile())) return null;
  const info = JSON.parse(readFileSync(infoFile(), "utf8"));
  if (info.pid !== process.pid && processAlive(info.pid) && (await portOpen(info.port))) return info;
  return null;
}

/**
 * Resolves a connection URL for this process. With DATABASE_URL it is that. Otherwise it joins the embedded server
 * already serving DATA_DIR, or starts one (then `release()` stops it and its info file).
 */
export async function acquireDatabase({ port } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: false, release: async () => {} };
  const running = await runningEmbeddedDb();
  if (running) return { url: running.url, embedded: true, release: async () => {} };
  const dir = path.join(dataDir(), "pglite");
  const wanted = port ?? Number(process.env.EMBEDDED_DB_PORT || 0);
  const server = await startEmbeddedDb({ dataDir: dir, port: wanted, password: embeddedDbPassword() });
  await rm(infoFile(), { force: true }); // one left by a crash may predate the mode below
  await writeFile(infoFile(), JSON.stringify({ pid: process.pid, port: server.port, url: server.url }), {
    mode: 0o600,
  });
  await chmod(infoFile(), 0o600);
  return {
    url: server.url,
    embedded: true,
    server,
    /** Stops the server (within its time limit) and answers what had to be forced (`{ forced: [] }` if nothing). */
    release: async () => {
      const result = await server.stop();
      const info = existsSync(infoFile()) ? JSON.parse(await readFile(infoFile(), "utf8")) : null;
      if (info?.pid === process.pid) await rm(infoFile(), { force: true });
      return result;
    },
  };
}
