// The embedded database's port survives any client: malformed start-up packets, garbage, silent or half-sent
// connections, clients killed mid-query (their transaction rolled back), many at once. After each, a pool like the
// app's still works. Before scripts/lib/embedded-server.mjs, a start-up packet with an empty user name reached
// PGlite, whose FATAL error left it unusable: every later query failed or hung (issue 20).
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectedClient,
  errorIn,
  int32,
  messages,
  queryOnce,
  rawExchange,
  serveEmbedded,
  sleep,
  startupPacket,
  typed,
  type Served,
} from "../support/embedded-wire";

let server: Served;
let pool: pg.Pool;
let round = 0;

beforeAll(async () => {
  server = await serveEmbedded({ startupTimeout: 1000, idleHolderTimeout: 1000, maxConnections: 30 });
  pool = new pg.Pool({ connectionString: server.url, max: 4 });
  pool.on("error", () => {});
  await pool.query("CREATE TABLE victims (id int)");
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

/** The app's own pool still answers, promptly and right. */
async function poolWorks() {
  const n = ++round;
  const answer = pool.query<{ x: number }>("SELECT $1::int + 1 AS x", [n]);
  const late = sleep(5000).then(() => "no answer within 5 s");
  expect(await Promise.race([answer.then((r) => r.rows[0]!.x), late])).toBe(n + 1);
}

describe("embedded database: hostile start-up packets", () => {
  it.each([
    ["no user at all", startupPacket({ database: "postgres" }), "28000"],
    ["an empty user name (crashed PGlite before)", startupPacket({ user: "", database: "postgres" }), "28000"],
    ["protocol 2.0", startupPacket({ user: "postgres" }, 0x00020000), "0A000"],
    ["protocol 4.0", startupPacket({ user: "postgres" }, 0x00040000), "0A000"],
    ["an oversized length", Buffer.concat([int32(1_000_000), int32(196608)]), "08P01"],
    ["a negative length", Buffer.concat([int32(-5), int32(196608)]), "08P01"],
    ["a parameter without its terminator", Buffer.concat([int32(13), int32(196608), Buffer.from("user\0")]), "08P01"],
    ["garbage (an HTTP request)", Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), "08P01"],
    ["a TLS ClientHello", Buffer.from("160301020001000000", "hex"), "08P01"],
    ["another user", startupPacket({ user: "root", database: "postgres" }), "28P01"],
    ["another database", startupPacket({ user: "postgres", database: "sendwell" }), "3D000"],
  ])("answers %s with an ErrorResponse and closes", async (_, packet, code) => {
    const { data, closedByServer } = await rawExchange(server.port, [packet]);
    expect(errorIn(data)).toMatchObject({ severity: "FATAL", code });
    expect(closedByServer).toBe(true);
    await poolWorks();
  });

  it("answers SSLRequest and GSSENCRequest with N, then asks for a password", async () => {
    const ssl = Buffer.concat([int32(8), int32(80877103)]);
    const gssenc = Buffer.concat([int32(8), int32(80877104)]);
    const hello = startupPacket({ user: "postgres", database: "postgres" });
    const { data } = await rawExchange(server.port, [ssl, gssenc, hello], 500);
    expect(data.subarray(0, 2).toString()).toBe("NN");
    const [auth] = messages(data.subarray(2));
    expect(auth!.type).toBe("R");
    expect(auth!.body.readInt32BE(0)).toBe(10); // AuthenticationSASL
    expect(auth!.body.subarray(4).toString()).toContain("SCRAM-SHA-256");
    await poolWorks();
  });

  it("closes a CancelRequest without an answer", async () => {
    const cancel = Buffer.concat([int32(16), int32(80877102), int32(1), int32(2)]);
    const { data, closedByServer } = await rawExchange(server.port, [cancel]);
    expect(data.length).toBe(0);
    expect(closedByServer).toBe(true);
    await poolWorks();
  });

  it("lets a silent client or a truncated packet hold nothing, and lets it go after the start-up timeout", async () => {
    const started = Date.now();
    const silent = rawExchange(server.port, [], 5000);
    const truncated = rawExchange(server.port, [startupPacket({ user: "postgres" }).subarray(0, 9)], 5000);
    const halfAuthenticated = rawExchange(
      server.port,
      [startupPacket({ user: "postgres" }), Buffer.from("p\0\0")],
      5000,
    );
    await poolWorks(); // at once, while they sit there
    for (const client of await Promise.all([silent, truncated, halfAuthenticated])) {
      expect(client.closedByServer).toBe(true);
      expect(errorIn(client.data)?.code).toBe("57014");
    }
    expect(Date.now() - started).toBeLessThan(4000);
    await poolWorks();
  });

  it("refuses a SASL answer that is not SCRAM, or malformed", async () => {
    const hello = startupPacket({ user: "postgres", database: "postgres" });
    const cleartext = await rawExchange(server.port, [hello, typed("p", "the-password\0")]);
    expect(errorIn(cleartext.data)?.code).toBe("28000");
    const mechanism = Buffer.concat([Buffer.from("SCRAM-SHA-256\0"), int32(3), Buffer.from("bad")]);
    const malformed = await rawExchange(server.port, [hello, typed("p", mechanism)]);
    expect(errorIn(malformed.data)?.code).toBe("08P01");
    const notSasl = await rawExchange(server.port, [hello, typed("Q", "select 1\0")]);
    expect(errorIn(notSasl.data)?.code).toBe("08P01");
    await poolWorks();
  });
});

describe("embedded database: hostile authenticated clients", () => {
  it.each([
    ["an unknown message type", Buffer.from([1, 0, 0, 0, 4])],
    ["a second start-up packet", startupPacket({ user: "" })],
    ["a password message", typed("p", "x\0")],
    ["a message length below 4", Buffer.from([0x51, 0, 0, 0, 2])],
  ])("disconnects a client that sends %s", async (_, bytes) => {
    const { client, stream, errors } = await connectedClient(server.url);
    stream.write(bytes);
    await sleep(300);
    expect(errors.map((e) => (e as { code?: string }).code)).toContain("08P01");
    await client.end().catch(() => {});
    await poolWorks();
  });

  it("survives malformed messages of every known type (PGlite answers errors, never FATAL)", async () => {
    const { client, stream } = await connectedClient(server.url);
    const answers: Buffer[] = [];
    stream.removeAllListeners("data");
    stream.on("data", (d) => answers.push(d));
    for (const type of "BCdcfDEHFPQ") stream.write(typed(type, Buffer.from([0xff, 0, 0x7f, 1, 2, 3])));
    stream.write(typed("S"));
    await sleep(500);
    const text = Buffer.concat(answers).toString("latin1");
    expect(text).toContain("SERROR");
    expect(text).not.toContain("SFATAL");
    stream.destroy();
    await client.end().catch(() => {});
    await poolWorks();
  });

  it("is not held up by a client that stops mid-message", async () => {
    const { client, stream } = await connectedClient(server.url);
    stream.write(Buffer.concat([Buffer.from("Q"), int32(100), Buffer.from("SELECT ")]));
    await poolWorks();
    stream.destroy();
    await client.end().catch(() => {});
    await poolWorks();
  });

  it("rolls back the transaction of a client killed mid-query", async () => {
    const { client, stream } = await connectedClient(server.url);
    await client.query("BEGIN");
    await client.query("INSERT INTO victims VALUES (1)");
    const running = client.query("SELECT pg_sleep(0.5)").catch(() => {});
    await sleep(100);
    stream.destroy();
    await running;
    await poolWorks();
    expect((await pool.query("SELECT count(*)::int AS n FROM victims")).rows).toEqual([{ n: 0 }]);
    // The next client is not inside the dead one's transaction: its own work commits and stays.
    await queryOnce(server.url, "INSERT INTO victims VALUES (10)");
    expect((await pool.query("SELECT array_agg(id) AS ids FROM victims")).rows).toEqual([{ ids: [10] }]);
    await pool.query("DELETE FROM victims");
  });

  it("survives a client killed mid-query outside a transaction", async () => {
    const { client, stream } = await connectedClient(server.url);
    const running = client.query("SELECT pg_sleep(0.3)").catch(() => {});
    await sleep(50);
    stream.destroy();
    await running;
    await poolWorks();
  });

  it("does not commit the half-sent extended-protocol exchange of a killed client", async () => {
    const { client, stream } = await connectedClient(server.url);
    const parse = typed("P", Buffer.from("\0INSERT INTO victims VALUES (2)\0\0\0"));
    const bind = typed("B", Buffer.from("\0\0\0\0\0\0\0\0"));
    const execute = typed("E", Buffer.concat([Buffer.from("\0"), int32(0)]));
    stream.write(Buffer.concat([parse, bind, execute])); // no Sync: PostgreSQL would not commit this
    await sleep(200);
    stream.destroy();
    await client.end().catch(() => {});
    await poolWorks();
    expect((await pool.query("SELECT count(*)::int AS n FROM victims")).rows).toEqual([{ n: 0 }]);
  });

  it("disconnects a client that holds a transaction silently while others wait, and rolls it back", async () => {
    const { client, errors } = await connectedClient(server.url);
    await client.query("BEGIN");
    await client.query("INSERT INTO victims VALUES (3)");
    const started = Date.now();
    await poolWorks(); // waits for the holder, then gets the session once it is let go (idleHolderTimeout 1 s)
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await pool.query("SELECT count(*)::int AS n FROM victims")).rows).toEqual([{ n: 0 }]);
    await sleep(100);
    expect(errors.map((e) => (e as { code?: string }).code)).toContain("25P03");
    await client.end().catch(() => {});
  });

  it("serves many clients at once, and refuses those over the limit with a proper error", async () => {
    const within = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        queryOnce(server.url, "SELECT $1::int AS i, pg_sleep(0.01)", [i]).then((rows) => rows[0].i),
      ),
    );
    expect(within.map((r) => (r.status === "fulfilled" ? r.value : r.reason.message))).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    // 30 allowed, 4 of them the pool's: of 40 more at once, some are refused, as PostgreSQL refuses them.
    const held = await Promise.allSettled(Array.from({ length: 40 }, () => connectedClient(server.url)));
    const refused = held.filter((r) => r.status === "rejected").map((r) => (r.reason as { code?: string }).code);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set(["53300"]));
    for (const r of held) if (r.status === "fulfilled") await r.value.client.end();
    await poolWorks();
  }, 120_000);

  it("lets no number of unauthenticated connections keep a client with the password out", async () => {
    // Anyone on the machine can open these without the password. Before, each counted against the 30 allowed for its
    // 15 s start-up timeout, so a loop of them kept the app's pool from connecting at all.
    const sockets = Array.from({ length: 100 }, () => {
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write(Buffer.from([0, 0])));
      socket.on("error", () => {});
      return socket;
    });
    await sleep(300);
    expect(await queryOnce(server.url, "SELECT 41 + 1 AS x")).toEqual([{ x: 42 }]);
    await poolWorks();
    for (const socket of sockets) socket.destroy();
  });

  it("answers garbage from many raw sockets at once and keeps serving", async () => {
    const junk = Array.from({ length: 25 }, (_, i) => Buffer.from(`junk ${i} `.repeat(i + 1)));
    const results = await Promise.all(junk.map((bytes) => rawExchange(server.port, [bytes], 3000)));
    expect(results.every((r) => r.closedByServer)).toBe(true);
    await poolWorks();
  });

  it("still knows nothing of sockets that only connect and close (as `npm start` probes the port)", async () => {
    await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<void>((resolve) => {
            const socket = net.connect(server.port, "127.0.0.1", () => socket.end());
            socket.on("close", () => resolve());
          }),
      ),
    );
    await poolWorks();
  });
});
