// The embedded database as separate processes use it: data survives a clean stop and restart of the serving process,
// and another process (the operator CLI) joins the running server instead of opening the same data folder.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function envFor(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

/** Starts `npm run db:serve` for a data folder and resolves with its URL once it listens. */
function serve(dataDir: string): Promise<{ url: string; child: ChildProcess; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, ["scripts/embedded-db.mjs"], {
    cwd: root,
    env: envFor(dataDir),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", (d) =>
      resolve({
        url: String(d).trim(),
        child,
        stop: () => {
          child.kill("SIGTERM");
          return exited;
        },
      }),
    );
    child.once("exit", (code) => reject(new Error(`db:serve exited early with ${code}`)));
  });
}

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("keeps committed data across a clean stop and a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-embedded-"));
    dirs.push(dataDir);
    const first = await serve(dataDir);
    await query(first.url, "create table notes (body text)");
    await query(first.url, "insert into notes values ('kept')");
    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, "embedded-db.json"))).toBe(false);

    const second = await serve(dataDir);
    try {
      expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 60_000);

  it("lets the operator CLI join the server that already serves the folder", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-embedded-"));
    dirs.push(dataDir);
    const server = await serve(dataDir);
    try {
      expect(existsSync(path.join(dataDir, "embedded-db.json"))).toBe(true);
      const cli = (...args: string[]) =>
        execFileSync(process.execPath, ["--import", "tsx", "cli/sendwell.ts", ...args], {
          cwd: root,
          env: envFor(dataDir),
          stdio: ["ignore", "pipe", "pipe"],
        })
          .toString()
          .trim();
      expect(cli("workspace", "create", "--name", "Joined")).toBe("joined");
      // Written through the running server, so it is visible there at once.
      expect(await query(server.url, `select name from "Workspace" where slug = 'joined'`)).toEqual([
        { name: "Joined" },
      ]);
      // A second server on the same folder is refused rather than corrupting it.
      const second = spawn(process.execPath, ["scripts/embedded-db.mjs"], {
        cwd: root,
        env: envFor(dataDir),
        stdio: "ignore",
      });
      expect(await new Promise((resolve) => second.on("exit", resolve))).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});
