// npm run bench:keyed-read-profile – where one keyed read spends its time on the embedded server, counted rather
// than timed against the clock, so it holds on a busy machine: calls into PGlite, wire exchanges (one per Sync or
// simple Query) and messages per request, PGlite's own time per request, and the whole process's CPU time per
// request (route handler, pg, the socket server and PGlite all run in this one process). Calls the real route
// handler of `GET /api/v1/tags?limit=20` (100 tags) sequentially, like Next.js does, on an in-memory embedded
// database. Prints one JSON line.
import { startEmbeddedDb } from "../scripts/lib/embedded-db.mjs";
import { migrate } from "../scripts/lib/migrate.mjs";

const REQUESTS = Number(process.env.PROFILE_REQUESTS || 3000);

const embedded = await startEmbeddedDb({ dataDir: null });
process.env.DATABASE_URL = embedded.url;
process.env.NEXTAUTH_SECRET ??= "profile-secret-profile-secret";
process.env.API_RATE_LIMIT = "1000000000";
await migrate(embedded.url, { log: () => {} });

const { createWorkspace } = await import("@/server/services/workspaces/create-workspace");
const { createApiKey } = await import("@/server/services/api-keys/create-api-key");
const { createTag } = await import("@/server/services/tags/create-tag");
const { GET } = await import("@/app/api/v1/tags/route");
const { disconnectDb } = await import("@/server/db/client");

const workspace = await createWorkspace({ name: "Profile" });
const key = await createApiKey({ workspaceId: workspace.id, input: { name: "profile", scope: "read" } });
for (let i = 0; i < 100; i++) await createTag({ workspaceId: workspace.id, input: { name: `Tag ${i}` } });

// Count what reaches PGlite: every exec of the socket server's queue, the messages in it, and the time inside.
const counters = { calls: 0, exchanges: 0, messages: 0, pgliteNs: 0n };
const db = embedded.db;
const exec = db.execProtocolRawStream.bind(db);
db.execProtocolRawStream = async (message, options) => {
  const t0 = process.hrtime.bigint();
  try {
    return await exec(message, options);
  } finally {
    counters.pgliteNs += process.hrtime.bigint() - t0;
    counters.calls++;
    counters.messages += countMessages(message);
    if (endsExchange(message)) counters.exchanges++;
  }
};

function countMessages(buf: Uint8Array) {
  if (buf[0] === 0) return 1;
  let n = 0;
  for (let i = 0; i + 5 <= buf.length; n++) i += 1 + new DataView(buf.buffer, buf.byteOffset + i + 1, 4).getInt32(0);
  return n;
}
function endsExchange(buf: Uint8Array) {
  let last = 0;
  for (let i = 0; i + 5 <= buf.length;) {
    last = buf[i]!;
    i += 1 + new DataView(buf.buffer, buf.byteOffset + i + 1, 4).getInt32(0);
  }
  return last === 0x53 || last === 0x51;
}

const request = () =>
  GET(new Request("http://sendwell.test/api/v1/tags?limit=20", { headers: { "X-API-Key": key.plaintext } }), {
    params: Promise.resolve({}),
  });

for (let i = 0; i < 300; i++) await (await request()).text(); // warm up (JIT, pool connections)
// Let the background lastUsedAt write of the warm-up land before counting.
await new Promise((r) => setTimeout(r, 200));
Object.assign(counters, { calls: 0, exchanges: 0, messages: 0, pgliteNs: 0n });
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  const res = await request();
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  await res.text();
}
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);

console.log(
  JSON.stringify({
    bench: "keyed-read-profile",
    route: "GET /api/v1/tags?limit=20",
    requests: REQUESTS,
    perRequest: {
      pgliteCalls: +(counters.calls / REQUESTS).toFixed(2),
      exchanges: +(counters.exchanges / REQUESTS).toFixed(2),
      messages: +(counters.messages / REQUESTS).toFixed(2),
      pgliteUs: Math.round(Number(counters.pgliteNs / 1000n) / REQUESTS),
      cpuUs: Math.round((cpu.user + cpu.system) / REQUESTS),
      wallUs: Math.round((wallMs * 1000) / REQUESTS),
    },
  }),
);
await disconnectDb();
await embedded.stop();
