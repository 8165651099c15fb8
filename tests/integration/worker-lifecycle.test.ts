// The worker process starts on the database, reports ready, and on SIGTERM stops cleanly with exit code 0.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { dispatcherEnv } from "../support/webhook-receiver";

describe("worker process", () => {
  it("starts pg-boss and shuts down cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      // Its webhook dispatcher may deliver other files' tasks: with the same settings as theirs.
      env: { ...process.env, ...dispatcherEnv, DATABASE_URL: inject("databaseUrl") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let signalled = false;
    // The signal goes the moment "Ready" arrives (no polling gap): the handlers must already be installed by then.
    const onData = (d: Buffer) => {
      output += d;
      if (!signalled && output.includes("[worker] Ready")) {
        signalled = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    // The signal too: a worker that dies of the SIGTERM itself (no handler yet, or a crash) exits with code null.
    const exited = new Promise<string>((resolve) =>
      child.on("exit", (code, signal) => resolve(code === null ? `signal ${signal}` : `code ${code}`)),
    );
    for (let i = 0; i < 200 && !signalled; i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain("[worker] Ready");
    expect(await exited, output).toBe("code 0");
    expect(output).toContain("[worker] Stopped cleanly.");
  }, 60_000);
});
