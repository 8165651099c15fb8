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
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    // The signal too: a worker that dies of the SIGTERM itself (no handler yet, or a crash) exits with code null.
    const exited = new Promise<string>((resolve) =>
      child.on("exit", (code, signal) => resolve(code === null ? `signal ${signal}` : `code ${code}`)),
    );
    for (let i = 0; i < 200 && !output.includes("Ready"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain("[worker] Ready");
    child.kill("SIGTERM");
    expect(await exited, output).toBe("code 0");
    expect(output).toContain("[worker] Stopped cleanly.");
  }, 60_000);
});
