// Node request → Web Request, Web Response → Node response: how the front server calls a route module's exported
// handler itself (edge/hot-routes.ts) and sends back exactly what the handler answered. Kept cheap, since the
// tracking routes run through it tens of thousands of times a second: one Headers and one Request per request, no
// body stream unless the route reads one, and the answer's body written as it comes (a small one in one write, with
// its Content-Length).
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@/server/errors";

/** How much of a request body is buffered ahead of the route's reads. */
const BODY_BUFFER_BYTES = 16 * 1024;

/**
 * The Web Request of a Node request, at `origin` + its path. With `bodyTimeoutMs` it streams the body, read on
 * demand, which must arrive in full within that time.
 */
export function toWebRequest(req: IncomingMessage, origin: string, bodyTimeoutMs: number | null): Request {
  const headers = new Headers();
  const raw = req.headers;
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === "string") headers.append(name, value);
    else if (value !== undefined) for (const one of value) headers.append(name, one);
  }
  if (bodyTimeoutMs === null) return new Request(origin + req.url, { method: req.method, headers });
  const body = requestBody(req, bodyTimeoutMs);
  return new Request(origin + req.url, { method: req.method, headers, body, duplex: "half" } as RequestInit);
}

const endedEarly = () => new AppError("BAD_REQUEST", "The request body ended before it was complete.");
const tooSlow = (ms: number) =>
  new AppError("BAD_REQUEST", `The request body did not arrive within ${Math.ceil(ms / 1000)} seconds.`);

/**
 * The body as a stream the route pulls from: nothing is read before the route asks, at most BODY_BUFFER_BYTES ahead
 * of it, and nothing after it stops (the routes stop at their own ceiling; readBodyText refuses a declared length
 * over it before reading at all). A client that stops sending, or sends too slowly, ends the stream with a 400.
 */
function requestBody(req: IncomingMessage, timeoutMs: number): ReadableStream<Uint8Array> {
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: AppError) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          req.pause();
          controller.error(error);
        };
        timer = setTimeout(() => fail(tooSlow(timeoutMs)), timeoutMs);
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          controller.close();
        });
        req.once("error", () => fail(endedEarly()));
        req.once("close", () => fail(endedEarly())); // after "end" this does nothing
      },
      pull() {
        req.resume();
      },
      cancel() {
        // The route has read what it wants: the rest is never read (the connection closes after the answer).
        settled = true;
        clearTimeout(timer);
        req.pause();
      },
    },
    { highWaterMark: BODY_BUFFER_BYTES, size: (chunk) => chunk.byteLength },
  );
}

/**
 * Sends a handler's Response: its status, its headers (over the front server's defaults, see FrontResponse), its
 * body unless the request was HEAD. A body the client did not finish sending is left unread, and the connection
 * closed after the answer rather than drained.
 */
export async function sendWebResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!req.complete) res.shouldKeepAlive = false;
  const body = response.body;
  if (body === null) return void res.end();
  if (req.method === "HEAD") {
    await body.cancel();
    return void res.end();
  }
  const reader = body.getReader();
  try {
    const first = await reader.read();
    if (first.done) return void res.end();
    const second = await reader.read();
    if (second.done) return void res.end(first.value); // one chunk: one write, Content-Length set by Node
    res.write(first.value);
    let chunk: ReadableStreamReadResult<Uint8Array> = second;
    while (!chunk.done) {
      if (res.destroyed) return void (await reader.cancel());
      if (!res.write(chunk.value)) await drained(res);
      chunk = await reader.read();
    }
    res.end();
  } catch (error) {
    // The body failed midway (or the client left): what was sent cannot be taken back, so the answer is cut off.
    reader.cancel().catch(() => {});
    res.destroy(error instanceof Error ? error : undefined);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
