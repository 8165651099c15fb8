// The embedded database's port asks for a password (SCRAM-SHA-256) and listens on loopback only; its shutdown ends
// within a bound even with stuck clients or a wedged PGlite. (Per-data-folder password and file modes: see
// embedded-db.test.ts.)
import { execFileSync } from "node:child_process";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedClient, int32, queryOnce, serveEmbedded, sleep, type Served } from "../support/embedded-wire";

async function connectError(connectionString: string) {
  const client = new pg.Client({ connectionString });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (error) {
    return error as Error & { code?: string };
  }
}

describe("embedded database: password and address", () => {
  let server: Served;
  beforeAll(async () => {
    // HOST is the web server's setting: the database ignores it.
    server = await serveEmbedded({}, { HOST: "0.0.0.0" });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("admits the right password, over SCRAM-SHA-256 (pg and psql)", async () => {
    expect(server.url).toContain(`:${encodeURIComponent(server.password)}@127.0.0.1:`);
    expect(await queryOnce(server.url, "SELECT current_user AS u")).toEqual([{ u: "postgres" }]);
    expect(execFileSync("psql", [server.url, "-XAtc", "SELECT 40 + 2"]).toString().trim()).toBe("42");
  });

  it("refuses a wrong password or none", async () => {
    const wrong = new URL(server.url);
    wrong.password = "postgres";
    expect(await connectError(wrong.toString())).toMatchObject({ code: "28P01" });
    const none = new URL(server.url);
    none.password = "";
    expect(await connectError(none.toString())).toBeInstanceOf(Error);
    expect(() =>
      execFileSync("psql", [none.toString(), "-wXAtc", "SELECT 1"], {
        stdio: "pipe",
        env: { ...process.env, PGPASSWORD: "" },
      }),
    ).toThrow();
  });

  it("refuses a forged SCRAM proof", async () => {
    const socket = net.connect(server.port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (d) => received.push(d));
    await new Promise((r) => socket.once("connect", r));
    const hello = Buffer.from("user\0postgres\0database\0postgres\0\0");
    socket.write(Buffer.concat([int32(8 + hello.length), int32(196608), hello]));
    const first = "n,,n=*,r=abcdefghijklmnop";
    const initial = Buffer.concat([Buffer.from("SCRAM-SHA-256\0"), int32(first.length), Buffer.from(first)]);
    socket.write(Buffer.concat([Buffer.from("p"), int32(4 + initial.length), initial]));
    await sleep(300);
    const serverFirst = /r=([^,]+)/.exec(Buffer.concat(received).toString("latin1"))![1]!;
    const forged = `c=biws,r=${serverFirst},p=${Buffer.alloc(32, 7).toString("base64")}`;
    socket.write(Buffer.concat([Buffer.from("p"), int32(4 + forged.length), Buffer.from(forged)]));
    await new Promise((r) => socket.once("close", r));
    const text = Buffer.concat(received).toString("latin1");
    expect(text).toContain("C28P01");
    expect(text).not.toContain("R\0\0\0\x08\0\0\0\0"); // never AuthenticationOk
  });

  it("listens on 127.0.0.1 only, whatever HOST says", async () => {
    const reach = (host: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(server.port, host, () => {
          socket.destroy();
          resolve("connected");
        });
        socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
      });
    expect(await reach("127.0.0.1")).toBe("connected");
    // Another loopback address reaches a server bound to 0.0.0.0, never one bound to 127.0.0.1.
    expect(await reach("127.0.0.2")).toBe("ECONNREFUSED");
  });
});

describe("embedded database: bounded shutdown", () => {
  it("stops within its limit with clients stuck in every way", async () => {
    const server = await serveEmbedded({ stopTimeout: 3000 });
    const holder = await connectedClient(server.url);
    await holder.client.query("BEGIN");
    await holder.client.query("SELECT 1");
    const midMessage = await connectedClient(server.url);
    midMessage.stream.write(Buffer.concat([Buffer.from("Q"), int32(100), Buffer.from("SEL")]));
    const silent = net.connect(server.port, "127.0.0.1");
    silent.on("error", () => {});
    const notReading = await connectedClient(server.url);
    notReading.stream.pause();
    const { code, ms } = await server.stop();
    expect(ms).toBeLessThan(5000);
    expect([0, 1]).toContain(code);
    silent.destroy();
  }, 120_000);

  it("stops within its limit when PGlite no longer answers, and says what it forced", async () => {
    const server = await serveEmbedded({ stopTimeout: 2000, wedge: true });
    const stuck = await connectedClient(server.url); // authentication is the front door's: no PGlite needed
    const query = stuck.client.query("SELECT 1").catch((e: Error) => e);
    await sleep(200);
    const { code, ms } = await server.stop();
    expect(ms).toBeLessThan(4500);
    expect(code).toBe(1);
    expect(server.stderr()).toMatch(
      /Embedded database stopped by force after \d+ ms: a query PGlite was still running/,
    );
    expect(await query).toBeInstanceOf(Error);
  }, 120_000);
});
