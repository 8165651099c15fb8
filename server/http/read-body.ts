// Reading a request body with a ceiling. `req.text()` buffers whatever the client sends before anyone can look at its
// size: a stranger posting 300 MB (chunked, no Content-Length) to a public route held all of it in the web server's
// memory. Here a declared length over the ceiling is refused before reading, and a body that grows past it is cut
// off at the ceiling, so no route ever holds more than `maxBytes` of one request.
import { AppError } from "@/server/errors";

/** The body as UTF-8 text, or a PAYLOAD_TOO_LARGE AppError (413) with `detail` once it passes `maxBytes`. */
export async function readBodyText(req: Request, maxBytes: number, detail: string): Promise<string> {
  const declared = Number(req.headers.get("content-length") || 0);
  if (declared > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", detail);
  const { bytes, cut } = await readUpTo(req, maxBytes);
  if (cut) throw new AppError("PAYLOAD_TOO_LARGE", detail);
  return bytes.toString("utf8");
}

/** True for the error readBodyText throws past its ceiling (routes that answer their own 413 check for it). */
export const isTooLarge = (error: unknown): error is AppError =>
  error instanceof AppError && error.code === "PAYLOAD_TOO_LARGE";

/** The body's first `maxBytes` as text, the rest left unread (for routes that ignore anything longer). */
export async function readBodyPrefix(req: Request, maxBytes: number): Promise<string> {
  return (await readUpTo(req, maxBytes)).bytes.toString("utf8");
}

async function readUpTo(req: Request, maxBytes: number): Promise<{ bytes: Buffer; cut: boolean }> {
  if (!req.body) return { bytes: Buffer.alloc(0), cut: false };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), cut: false };
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: cancelling one branch of a tee (a cloned request) settles only once the other is cancelled too.
      reader.cancel().catch(() => {});
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), cut: true };
    }
  }
}
