// The two halves of a benchmark's floor server (bare-pixel.mjs, bare-form.mjs): a bare node:http server in a process
// of its own, so it has its own core time like the real web server. The child listens on an ephemeral port of
// 127.0.0.1 and prints {"url": …}; the parent starts it, waits for that line, and stops it with SIGTERM.
import { spawn } from "node:child_process";
import http from "node:http";

/** Runs the floor server module `file` in a child process; `name` says which in the error if it never listens. */
export async function startBareServer(file, name) {
  const child = spawn(process.execPath, [file], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).url);
    });
    child.once("exit", () => reject(new Error(`the ${name} server did not start`)));
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

/** In the child: serves `handler`, says where, and closes every connection on SIGTERM. */
export function serveBare(handler, { keepAliveTimeout }) {
  const server = http.createServer(handler);
  server.keepAliveTimeout = keepAliveTimeout;
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` }));
  });
  process.on("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
