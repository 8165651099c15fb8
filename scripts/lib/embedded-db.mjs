// The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) with its data in a folder, served over the
// Postgres wire protocol on a local port so Prisma, pg-boss and psql connect to it like to any server. Its front door
// (scripts/lib/embedded-server.mjs) listens on 127.0.0.1 only and asks for a password (SCRAM-SHA-256).
import { randomBytes } from "node:crypto";
import { chmod, mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { DATABASE, USER, serveEmbedded, within } from "./embedded-server.mjs";

const defaultLog = (text) => console.error(`[sendwell] ${text}`);

/**
 * Starts PGlite on `dataDir` (or in memory when null) and serves it on 127.0.0.1:port (port 0 picks a free one).
 * `password` is what clients must give (a random one for this process when omitted: callers then use `url`).
 * Timeouts in ms: `startupTimeout` for a client to authenticate, `idleHolderTimeout` for a client holding the
 * session (open transaction) silent while others wait, `stopTimeout` for `stop()`.
 */
export async function startEmbeddedDb({
  dataDir,
  port = 0,
  password = randomBytes(24).toString("base64url"),
  maxConnections = 100,
  startupTimeout = 15_000,
  idleHolderTimeout = 30_000,
  stopTimeout = 10_000,
  log = defaultLog,
}) {
  if (dataDir) {
    // PostgreSQL's own rule for its data folder: only its owner may read it.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700);
  }
  const db = await PGlite.create(dataDir ?? undefined);
  let front;
  try {
    front = await serveEmbedded(db, { port, password, maxConnections, startupTimeout, idleHolderTimeout, log });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  const url = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${front.port}/${DATABASE}`;
  let stopping = null;
  return {
    db,
    url,
    port: front.port,
    password,
    /**
     * Disconnects every client, waits for PGlite to finish the query it may be running, then closes PGlite so its
     * data folder is consistent for the next start. Always ends within `stopTimeout` (+1 s): whatever has not
     * finished by then (a stuck query, a wedged PGlite) is given up on and named in the log.
     */
    stop() {
      stopping ??= (async () => {
        const started = Date.now();
        const deadline = started + stopTimeout;
        const forced = await front.close(deadline);
        const closed = await within(closeQuietly(db, log), Math.max(1000, deadline - Date.now()));
        if (!closed) forced.push("PGlite did not close (its data folder may need recovery at the next start)");
        if (forced.length > 0) {
          log(`Embedded database stopped by force after ${Date.now() - started} ms: ${forced.join("; ")}.`);
        }
        return { forced };
      })();
      return stopping;
    },
  };
}

async function closeQuietly(db, log) {
  try {
    await db.close();
  } catch (error) {
    log(`Embedded database: PGlite failed to close cleanly: ${error?.message ?? error}`);
  }
}
