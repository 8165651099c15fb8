// The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) with its data in a folder, served over the
// Postgres wire protocol on a local port so Prisma, pg-boss and psql connect to it like to any server.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** Starts PGlite on `dataDir` (or in memory when null) and serves it on host:port (port 0 picks a free one). */
export async function startEmbeddedDb({ dataDir, port = 0, host = "127.0.0.1", maxConnections = 64 }) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({ db, host, port, maxConnections });
  await server.start();
  const actualPort = Number(server.getServerConn().split(":").pop());
  const url = `postgresql://postgres:postgres@${host}:${actualPort}/postgres`;
  let stopped = false;
  return {
    db,
    url,
    port: actualPort,
    /** Stops accepting connections, then closes PGlite so its data folder is consistent for the next start. */
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
