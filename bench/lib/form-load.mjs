// Load and CPU helpers of the forms benchmark (bench/forms.mjs): autocannon runs with a body per request, and the
// CPU of a Sendwell's processes and of the database backends serving it.
import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
import { autocannonFigures, cpuSeconds } from "./proc.mjs";

export const ok200 = (r) => r.statusCodes["200"] ?? 0;

/** The other processes of the Sendwell the web server belongs to: its parent (start.mjs) and all it started. */
export function siblings(pid) {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="])
    .toString()
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const parent = table.find(([p]) => p === pid)?.[1];
  const tree = new Set([parent]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of table)
      if (tree.has(pp) && !tree.has(p)) {
        tree.add(p);
        grew = true;
      }
  }
  tree.delete(pid);
  return [...tree];
}

export const cpuOf = (pids) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum; // gone meanwhile
    }
  }, 0);

/** CPU seconds so far of each backend connected to the bench database (pooled connections live on). */
export async function backendCpu(client, database) {
  const { rows } = await client.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

/** `connections` keep-alive connections for `seconds`; nextBody (or null) gives each request's body. */
export function blast({ base, requestPath, headers, nextBody, seconds, connections, method = "POST" }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        headers,
        requests: [
          nextBody
            ? { method, path: requestPath, setupRequest: (req) => ({ ...req, body: nextBody() }) }
            : { method, path: requestPath },
        ],
      },
      (error, r) => {
        if (error) return reject(error);
        resolve(autocannonFigures(r, seconds));
      },
    );
  });
}
