// The floor for the public form benchmark: a bare node:http server that reads a POSTed body to its end and answers
// the small JSON a submission answers (with the CORS header the public routes send), no database, no framework. It
// runs in a process of its own, so it has its own core time like the real web server. `node bench/lib/bare-form.mjs`
// prints {"url": …} once listening (on an ephemeral port of 127.0.0.1); startBareForm() runs it and answers that.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

const ANSWER = Buffer.from(JSON.stringify({ message: "Thanks for signing up!", redirectUrl: null }));
const HEADERS = {
  "Content-Type": "application/json",
  "Content-Length": String(ANSWER.length),
  "Access-Control-Allow-Origin": "*",
};

export async function startBareForm() {
  const child = spawn(process.execPath, [import.meta.filename], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).url);
    });
    child.once("exit", () => reject(new Error("the bare form server did not start")));
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
    req.on("data", () => {});
    req.on("end", () => {
      res.writeHead(200, HEADERS);
      res.end(ANSWER);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
  });
  process.on("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
