// The floor for the tracking benchmark: a bare node:http server answering every request with the open pixel's
// 43-byte GIF and the same cache headers (server/http/tracking-responses.ts), no database, no framework. It runs in a
// process of its own, so it has its own core time like the real web server. `node bench/lib/bare-pixel.mjs` prints
// {"url": …} once listening (on an ephemeral port of 127.0.0.1); startBarePixel() runs it and answers that.
import path from "node:path";
import { serveBare, startBareServer } from "./bare-server.mjs";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
const HEADERS = {
  "Cache-Control": "no-store, no-cache, must-revalidate, private, max-age=0",
  Pragma: "no-cache",
  Expires: "0",
  "Content-Type": "image/gif",
  "Content-Length": String(PIXEL.length),
};

export const startBarePixel = () => startBareServer(import.meta.filename, "bare pixel");

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  serveBare(
    (req, res) => {
      req.resume();
      res.writeHead(200, HEADERS);
      res.end(PIXEL);
    },
    { keepAliveTimeout: 65_000 },
  );
}
