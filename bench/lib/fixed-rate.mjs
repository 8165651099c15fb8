// Open-loop load at a fixed rate: one request every 1/rate seconds on a schedule that does not wait for answers, so
// a slow response cannot hide the queueing it causes. (autocannon's overallRate sends each connection's per-second
// quota in a burst at the top of every second, which measures bursts, not a steady load.)
import http from "node:http";

/**
 * nextPath: a function giving each request's path (default: the URL's), called with the request's number (0, 1, …);
 * nextBody: one giving each request's body (with method POST, say); ok: the status codes that count as answered;
 * onResult(i, status): told each request's outcome (its status, -1 when it failed without an answer).
 */
export async function fixedRate({
  url,
  method = "GET",
  headers = {},
  rate,
  seconds,
  nextPath,
  nextBody,
  ok = [200],
  onResult,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  const statusCodes = {};
  const started = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      new Promise((resolve) => {
        const t0 = performance.now();
        const req = http.request(
          {
            host: target.hostname,
            port: target.port,
            method,
            path: nextPath ? nextPath(i) : target.pathname + target.search,
            headers,
            agent,
          },
          (res) => {
            res.resume();
            res.on("end", () => {
              if (!ok.includes(res.statusCode)) errors++;
              statusCodes[res.statusCode] = (statusCodes[res.statusCode] ?? 0) + 1;
              onResult?.(i, res.statusCode);
              // Measured from when the request was due, so any delay in sending counts against the server too.
              latencies.push(performance.now() - Math.min(t0, due));
              resolve();
            });
          },
        );
        req.on("error", () => {
          errors++;
          onResult?.(i, -1);
          resolve();
        });
        req.end(nextBody ? nextBody() : undefined);
      }),
    );
  }
  await Promise.all(inflight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => +latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(2);
  return { requests: total, errors, statusCodes, p50: pct(50), p99: pct(99), max: +latencies.at(-1).toFixed(2) };
}
