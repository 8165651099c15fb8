// Starts a production Sendwell (scripts/start.mjs) on a fresh database for a benchmark, and seeds it through the
// operator CLI and the public API, the way a user would.
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh database on a PostgreSQL server: BENCH_DATABASE_URL, else the local server CI starts. */
export async function freshServerDatabase() {
  const admin =
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    "postgresql://sendwell:sendwell@127.0.0.1:5432/postgres";
  const name = `sendwell_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    return { unavailable: `no PostgreSQL server at ${new URL(admin).host}: ${error.message}` };
  }
  const version = (await client.query("show server_version")).rows[0].server_version;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startSendwell({ port, databaseUrl, env = {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-bench-"));
  const fullEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NEXTAUTH_SECRET: "bench-secret-bench-secret",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  if (!databaseUrl) delete fullEnv.DATABASE_URL;
  const base = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const started = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
      env: fullEnv,
      stdio: ["ignore", "pipe", "inherit"],
    });
    started.stdout.on("data", () => {}); // keep the pipe drained; the benchmark prints only its JSON line
    for (let i = 0; ; i++) {
      if (started.exitCode !== null) throw new Error("Sendwell exited during start-up");
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // starting
      }
      if (i > 1200) throw new Error("Sendwell did not become ready");
      await new Promise((r) => setTimeout(r, 250));
    }
    return started;
  };
  let child = await launch();
  const running = () => child.exitCode === null && child.signalCode === null;
  const cli = (...args) =>
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "cli/sendwell.ts"), ...args], {
      cwd: root,
      env: fullEnv,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
  return {
    base,
    cli,
    dataDir,
    /** Whether `npm start` (scripts/start.mjs) still runs: it stops everything when its one web process dies. */
    running,
    /** Once `npm start` has stopped by itself, starts it again on the same database and data folder. */
    restart: async () => {
      if (running()) await new Promise((r) => child.once("exit", r));
      child = await launch();
    },
    stop: async () => {
      if (running()) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function ensureBuild() {
  const r = spawnSync(
    process.execPath,
    ["-e", "import('./scripts/lib/build-state.mjs').then(m => process.exit(m.buildIsStale() ? 1 : 0))"],
    { cwd: root },
  );
  if (r.status !== 0) {
    const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("next build failed");
  }
}

/** A workspace with a write key and 100 tags: what the keyed-read benchmarks list. */
export async function seedTagsWorkspace(server) {
  const slug = server.cli("workspace", "create", "--name", "Bench");
  const key = server.cli("keys", "create", "--workspace", slug, "--name", "bench", "--scope", "write");
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${server.base}/api/v1/tags`, {
      method: "POST",
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Tag ${i}` }),
    });
    if (res.status !== 201) throw new Error(`seeding tags failed: ${res.status}`);
  }
  return { slug, key };
}

/** `count` subscribed contacts (reader1@bench.example …) in one statement, for the benchmarks that seed by SQL. */
export async function seedReaders(client, workspaceId, count) {
  await client.query(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", status, source, "updatedAt", "subscribedAt")
     SELECT gen_random_uuid(), $1, 'reader' || g || '@bench.example', 'reader' || g || '@bench.example', 'Reader' || g,
            'subscribed', 'import', now(), now()
       FROM generate_series(1, $2::int) AS g`,
    [workspaceId, count],
  );
}
