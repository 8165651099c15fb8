// The floor for the tracking benchmark: a bare node:http server answering every request with the open pixel's
// 43-byte GIF and the same cache headers (server/http/tracking-responses.ts), no database, no framework. It runs in a
// process of its own, so it has its own core time like the real web server. `node bench/lib/bare-pixel.mjs` prints
// {"url": …} once listening (on an ephemeral port of 127.0.0.1); startBarePixel() runs it and answers that.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
const HEADERS = {
  "Cache-Control": "no-store, no-cache, must-revalidate, private, max-age=0",
  Pragma: "no-cache",
  Expires: "0",
  "Content-Type": "image/gif",
  "Content-Length": String(PIXEL.length),
};

export async function startBarePixel() {
  const child = spawn(process.execPath, [import.meta.filename], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).url);
    });
    child.once("exit", () => reject(new Error("the bare pixel server did not start")));
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, HEADERS);
    res.end(PIXEL);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
  });
  process.on("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
