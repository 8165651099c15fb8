// A real HTTP server for one route handler, sending its Response the way `next start` does (status and headers,
// then Next's own pipeToNodeResponse for the body), so tests see what a client sees when a streamed body fails.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** `beforeBody` runs after the handler has answered and before its body is sent (e.g. to break the database). */
export async function serveRoute(handler: Handler, { beforeBody }: { beforeBody?: () => Promise<void> } = {}) {
  const pipeErrors: unknown[] = [];
  const server = createServer(async (req, res) => {
    const response = await handler(toRequest(req), { params: Promise.resolve({}) });
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    await beforeBody?.();
    if (!response.body) return void res.end();
    // Next logs this and leaves the response destroyed; so do we.
    await pipeToNodeResponse(response.body, res).catch((error: unknown) => pipeErrors.push(error));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    pipeErrors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers });
}
