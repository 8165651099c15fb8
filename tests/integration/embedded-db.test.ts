// The embedded database as separate processes use it: data survives a clean stop and restart of the serving process,
// its password is made once per data folder (also for a folder from before passwords) and kept private, and another
// process (the operator CLI) joins the running server instead of opening the same data folder.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, existsSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function envFor(dataDir: string) {
  // HOST is the web server's: the database listens on 127.0.0.1 whatever it says (see embedded-security.test.ts).
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, HOST: "0.0.0.0" };
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

const mode = (file: string) => statSync(file).mode & 0o777;
const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

describe("embedded PostgreSQL", () => {
  it("keeps committed data and its password across clean stops and restarts, its files private", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sendwell-embedded-"));
    dirs.push(dataDir);
    const passwordFile = path.join(dataDir, "db-password");
    const first = await serve(dataDir);
    const password = readFileSync(passwordFile, "utf8");
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(passwordOf(first.url)).toBe(password);
    expect(mode(passwordFile)).toBe(0o600);
    expect(mode(path.join(dataDir, "embedded-db.json"))).toBe(0o600); // it holds the URL, password included
    expect(mode(path.join(dataDir, "pglite"))).toBe(0o700);
    await query(first.url, "create table notes (body text)");
    await query(first.url, "insert into notes values ('kept')");
    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, "embedded-db.json"))).toBe(false);

    const second = await serve(dataDir);
    try {
      expect(passwordOf(second.url)).toBe(password); // made once, then reused
      expect(await query(second.url, "select body from notes")).toEqual([{ body: "kept" }]);
    } finally {
      expect(await second.stop()).toBe(0);
    }

    // A data folder from before passwords (none in it) gets one, and its data stays.
    rmSync(passwordFile);
    const third = await serve(dataDir);
    try {
      const fresh = readFileSync(passwordFile, "utf8");
      expect(fresh).not.toBe(password);
      expect(passwordOf(third.url)).toBe(fresh);
      expect(mode(passwordFile)).toBe(0o600);
      expect(await query(third.url, "select body from notes")).toEqual([{ body: "kept" }]);
      const old = new URL(third.url);
      old.password = password;
      await expect(query(old.toString(), "select 1")).rejects.toMatchObject({ code: "28P01" });
    } finally {
      expect(await third.stop()).toBe(0);
    }
  }, 180_000);

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
  }, 120_000);
});
