// Helpers for tests that talk to the embedded database's port byte by byte: start a server in its own process
// (tests/support/embedded-serve.mjs), send raw packets, read what comes back.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export type Served = {
  url: string;
  port: number;
  password: string;
  child: ChildProcess;
  stderr: () => string;
  /** SIGTERM; resolves with the exit code and how long the exit took (SIGKILL and code null after 20 s). */
  stop: () => Promise<{ code: number | null; ms: number }>;
};

export function serveEmbedded(
  options: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<Served> {
  const child = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, "embedded-serve.mjs"), JSON.stringify(options)],
    { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      resolve({
        ...JSON.parse(out.split("\n")[0]!),
        child,
        stderr: () => stderr,
        stop: async () => {
          const started = Date.now();
          child.kill("SIGTERM");
          const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
          const code = await exited;
          clearTimeout(killer);
          return { code, ms: Date.now() - started };
        },
      });
    });
    child.once("exit", (code) => reject(new Error(`the embedded server exited early (${code}): ${stderr}`)));
  });
}

export function startupPacket(params: Record<string, string>, version = 196608): Buffer {
  const body = Buffer.concat([
    int32(version),
    ...Object.entries(params).map(([k, v]) => Buffer.from(`${k}\0${v}\0`)),
    Buffer.from([0]),
  ]);
  return Buffer.concat([int32(4 + body.length), body]);
}

export function int32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

export function typed(type: string, body: Buffer | string = Buffer.alloc(0)): Buffer {
  const bytes = Buffer.from(body);
  return Buffer.concat([Buffer.from(type), int32(4 + bytes.length), bytes]);
}

/** Connects, writes `chunks` (one per write), and collects the answer until the server closes or `waitMs` pass. */
export function rawExchange(
  port: number,
  chunks: Buffer[],
  waitMs = 2000,
  host = "127.0.0.1",
): Promise<{ data: Buffer; closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host });
    const received: Buffer[] = [];
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ data: Buffer.concat(received), closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("connect", () => chunks.forEach((c) => socket.write(c)));
    socket.on("data", (d) => received.push(d));
    socket.on("close", () => finish(true));
    socket.on("error", (error) => (received.length === 0 && !done ? reject(error) : finish(true)));
  });
}

/** The backend messages in `data`: type letter and body. */
export function messages(data: Buffer): { type: string; body: Buffer }[] {
  const out: { type: string; body: Buffer }[] = [];
  for (let i = 0; i + 5 <= data.length; i += 1 + data.readInt32BE(i + 1)) {
    out.push({ type: String.fromCharCode(data[i]!), body: data.subarray(i + 5, i + 1 + data.readInt32BE(i + 1)) });
  }
  return out;
}

/** The SQLSTATE and message of the first ErrorResponse in `data`, if any. */
export function errorIn(data: Buffer): { severity: string; code: string; message: string } | null {
  const error = messages(data).find((m) => m.type === "E");
  if (!error) return null;
  const fields = new Map(
    error.body
      .toString("utf8")
      .split("\0")
      .filter(Boolean)
      .map((f) => [f[0]!, f.slice(1)]),
  );
  return { severity: fields.get("S") ?? "", code: fields.get("C") ?? "", message: fields.get("M") ?? "" };
}

/** A connected pg client whose stream the test can write to directly (errors are collected, not thrown). */
export async function connectedClient(url: string) {
  const client = new pg.Client({ connectionString: url });
  const errors: Error[] = [];
  client.on("error", (e) => errors.push(e));
  await client.connect();
  const stream = (client as unknown as { connection: { stream: net.Socket } }).connection.stream;
  return { client, stream, errors };
}

export async function queryOnce(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
