// GET /api/health answers 503 when the database does not answer within its short timeout: stopped (nothing
// listens), or wedged (the port accepts connections and never answers, as the embedded database did after a
// malformed client, issue 20), instead of "ok" while every page fails.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { closePool } from "@/server/db/pool";
import { forgetPing, PING_TIMEOUT_MS } from "@/server/db/ping";

const realUrl = process.env.DATABASE_URL;
const sockets = new Set<net.Socket>();
const servers: net.Server[] = [];

afterEach(async () => {
  sockets.forEach((s) => s.destroy());
  servers.forEach((s) => s.close());
  await closePool();
  process.env.DATABASE_URL = realUrl;
  forgetPing();
});

/** A port that accepts connections and never says a word. */
async function wedgedPort() {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function useDatabase(url: string) {
  await closePool();
  forgetPing();
  process.env.DATABASE_URL = url;
}

describe("GET /api/health and the database", () => {
  it("is ok when the database answers", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it.each([
    ["wedged", wedgedPort],
    ["stopped", closedPort],
  ])("is 503 within the timeout when the database is %s", async (_, port) => {
    await useDatabase(`postgresql://postgres:x@127.0.0.1:${await port()}/postgres`);
    const started = Date.now();
    const res = await GET();
    expect(Date.now() - started).toBeLessThan(PING_TIMEOUT_MS + 1000);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", detail: "The database does not answer." });
  });

  it("is ok again once the database answers again", async () => {
    await useDatabase(`postgresql://postgres:x@127.0.0.1:${await wedgedPort()}/postgres`);
    expect((await GET()).status).toBe(503);
    sockets.forEach((s) => s.destroy());
    await useDatabase(realUrl!);
    expect((await GET()).status).toBe(200);
  });
});
