// The front server (edge/server.ts) in-process on a free port, with a stand-in for Next.js's request handler that
// records what it was handed and answers like a page or a route would: no build needed.
import http, { type IncomingHttpHeaders } from "node:http";
import net, { type AddressInfo } from "node:net";
import { parseTrustProxy, type ProxyTrust } from "@/edge/client-address";
import { createFrontServer, type NextHandler, type Timeouts } from "@/edge/server";

export type Seen = { method: string; url: string; headers: IncomingHttpHeaders };

/** What the stand-in answers: pages get a body, some paths set their own protective headers as the real ones do. */
const standInNext =
  (seen: Seen[]): NextHandler =>
  async (req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: { ...req.headers } });
    if (req.url!.startsWith("/uploads/")) {
      res.setHeader("Content-Security-Policy", "default-src 'none'");
      res.setHeader("Content-Type", "image/png");
      return void res.end("png");
    }
    if (req.url!.startsWith("/api/dashboard/template-previews/")) {
      res.writeHead(200, { "Content-Security-Policy": "sandbox; frame-ancestors 'self'", "Content-Type": "text/html" });
      return void res.end("<p>preview</p>");
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end("<p>next</p>");
  };

export async function startFrontServer(
  opts: { trust?: ProxyTrust | string; timeouts?: Partial<Timeouts>; appUrl?: string } = {},
) {
  const seen: Seen[] = [];
  const trust = typeof opts.trust === "string" ? parseTrustProxy(opts.trust) : (opts.trust ?? { kind: "none" });
  const server = createFrontServer({
    next: standInNext(seen),
    trust,
    appUrl: opts.appUrl ?? process.env.APP_URL ?? "http://sendwell.test",
    timeouts: { headersMs: 20_000, requestMs: 300_000, keepAliveMs: 65_000, publicBodyMs: 10_000, ...opts.timeouts },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    seen,
    request: (path: string, init: RequestInit = {}) => send(port, path, init),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request with node:http (fetch will not send some headers, nor from another loopback address): `localAddress`
 * picks the client's address among 127.0.0.0/8, so each test can be a different client.
 */
function send(
  port: number,
  path: string,
  init: RequestInit & { localAddress?: string; rawHeaders?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "GET",
        headers: { ...(init.headers as Record<string, string> | undefined) },
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body as string | Buffer | undefined);
  });
}

/** Writes `text` on a raw connection and resolves with everything the server sent until it closed (or `waitMs`). */
export function raw(port: number, text: string | string[], waitMs = 5_000, gapMs = 0): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let out = "";
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on("data", (d) => (out += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(out);
    });
    const parts = Array.isArray(text) ? text : [text];
    let i = 0;
    const next = () => {
      if (i >= parts.length || socket.destroyed) return;
      socket.write(parts[i++]!);
      if (i < parts.length) setTimeout(next, gapMs);
    };
    socket.on("connect", next);
  });
}

/** A random client address of 127.0.0.0/8 (every one of them reaches a server listening on 127.0.0.1). */
export const loopbackAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
