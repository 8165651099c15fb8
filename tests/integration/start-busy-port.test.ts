// `npm start` on a port something else holds: it must name the port, say how to pick another, exit non-zero and
// never claim "ready" — even when the holder answers /api/health like a Sendwell would. And the health route
// proves which server answered, which is what start.mjs waits for.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

let holder: Server | undefined;
afterEach(() => holder?.close());

/** Another "Sendwell" on a free port, answering the health check as the old start.mjs expected. */
async function occupiedPort(): Promise<number> {
  holder = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}'),
  );
  await new Promise<void>((resolve) => holder!.listen(0, resolve));
  return (holder.address() as AddressInfo).port;
}

function runStart(port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: process.cwd(),
      // DATABASE_URL set: no embedded database is opened, so the test touches no data folder.
      env: { ...process.env, PORT: String(port), DATABASE_URL: process.env.DATABASE_URL, HOST: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm start on a busy port", () => {
  it("exits non-zero naming the port and PORT=…, and never prints ready", async () => {
    const port = await occupiedPort();
    const { code, stdout, stderr } = await runStart(port);
    expect(code).toBe(1);
    expect(stderr).toContain(`Port ${port} is already in use`);
    expect(stderr).toMatch(/PORT=\d+ npm start/);
    expect(stdout).not.toMatch(/ready/i);
  });
});

describe("GET /api/health", () => {
  it("echoes the hash of its own instance token, never the token", async () => {
    vi.stubEnv("SENDWELL_INSTANCE", "token-from-start");
    vi.resetModules();
    const { GET } = await import("@/app/api/health/route");
    const body = await (await GET()).json();
    expect(body).toEqual({
      status: "ok",
      instance: createHash("sha256").update("token-from-start").digest("hex"),
    });
    expect(JSON.stringify(body)).not.toContain("token-from-start");
    vi.unstubAllEnvs();
  });
});
