// A stand-in for the front server's web processes (node:cluster, WEB_CONCURRENCY=2) for bench-kill.test.ts: the
// primary forks 2 workers sharing one ephemeral port, starts another when one dies, and prints the port once
// both answer.
import cluster from "node:cluster";
import http from "node:http";

if (cluster.isPrimary) {
  let ready = 0;
  const fork = () =>
    cluster.fork().on("message", (port) => {
      if (++ready === 2) console.log(JSON.stringify({ port }));
    });
  fork();
  fork();
  cluster.on("exit", (_worker, _code, signal) => signal !== "SIGTERM" && fork());
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-length": "2" }).end("ok"));
  server.listen(0, "127.0.0.1", () => process.send?.(server.address().port));
}
