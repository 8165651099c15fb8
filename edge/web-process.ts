// One web process: Next.js in its documented custom-server mode (`next({ dev, dir, hostname, port })`, `prepare()`,
// `getRequestHandler()`) behind the front server, listening on PORT/HOST (in a cluster, the primary's one socket).
// SIGTERM/SIGINT: stop taking connections, let requests in flight finish (up to 10 s), close Next.js and the
// database pool, exit 0.
import cluster from "node:cluster";
import next from "next";
import { disconnectDb } from "@/server/db/client";
import { frontServerConfig } from "./config";
import { createFrontServer } from "./server";

const GRACE_MS = 10_000;

export async function runWebProcess({ dev, root }: { dev: boolean; root: string }): Promise<void> {
  const config = frontServerConfig();
  const app = next({ dev, dir: root, hostname: config.host ?? "localhost", port: config.port });
  await app.prepare();
  const server = createFrontServer({
    next: app.getRequestHandler(),
    trust: config.trust,
    appUrl: config.appUrl,
    timeouts: config.timeouts,
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(`[web] Cannot listen on ${config.host ?? ""}:${config.port}: ${error.message}`);
    process.exit(1);
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));

  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    await closed;
    clearTimeout(grace);
    await Promise.allSettled([app.close(), disconnectDb()]);
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  // A web process whose primary is gone (killed) has no one to hand it connections or stop it: it stops itself.
  if (cluster.isWorker) process.on("disconnect", () => void stop());
}
