// A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers as the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, timingSafeEqual } from "node:crypto";

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
export type Reply = (
  req: Received,
  index: number,
) => { status: number; headers?: Record<string, string>; body?: string } | "hang";

export async function startReceiver(reply: Reply = () => ({ status: 200, body: "ok" })) {
  const received: Received[] = [];
  let respond = reply;
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(entry);
      const answer = respond(entry, received.length - 1);
      if (answer === "hang") {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    setReply(next: Reply) {
      respond = next;
    },
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Receiver got ${received.length} of ${count} requests.`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What a receiver does with x-service-signature: some v1 must match HMAC-SHA256(secret, "<t>.<body>"). */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.split("=") as [string, string]);
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  return parts.some(
    ([k, v]) => k === "v1" && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected),
  );
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("Condition not met in time.");
    await new Promise((r) => setTimeout(r, 50));
  }
}
