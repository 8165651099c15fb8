// Shared by the benchmarks that measure both databases: the embedded one (PGlite served like `npm run db:serve`,
// in a fresh data folder removed afterwards) and a failed measurement reported in the JSON line instead of thrown.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs `fn(url)` against a fresh embedded database and answers its result with the database's name. */
export async function withEmbeddedDb(fn) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-bench-db-"));
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, "scripts/embedded-db.mjs")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim().split("\n")[0]);
    });
    child.once("exit", () => reject(new Error("the embedded database did not start")));
  });
  try {
    return { database: "embedded (PGlite)", ...(await fn(url)) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A failed measurement is reported in the JSON line, not thrown: the other database still gets measured. */
export async function failSoft(promise) {
  try {
    return await promise;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
