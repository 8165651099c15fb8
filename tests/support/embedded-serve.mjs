// An in-memory embedded database in its own process (PGlite does not load inside vitest workers), for tests that
// attack it over real sockets. argv[2]: JSON options for startEmbeddedDb, plus `wedge: true` to make PGlite stop
// answering once the server is up (every request then hangs, as after a FATAL error in the old server). Prints one
// JSON line { url, port, password }; the server's own log goes to stderr. SIGTERM stops it and exits: 0 when the
// stop was clean, 1 when something had to be forced.
import { startEmbeddedDb } from "../../scripts/lib/embedded-db.mjs";

const { wedge = false, ...options } = JSON.parse(process.argv[2] ?? "{}");
const server = await startEmbeddedDb({ dataDir: null, ...options });
if (wedge) server.db.execProtocolRawStream = () => new Promise(() => {});
process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, password: server.password })}\n`);
process.on("SIGTERM", async () => {
  const { forced } = await server.stop();
  process.exit(forced.length > 0 ? 1 : 0);
});
