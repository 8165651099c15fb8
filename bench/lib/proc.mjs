// Process helpers shared by the broadcast-engine benchmarks: a real worker process, a tsx child for the TypeScript
// services, /proc figures and percentiles.
import { spawn, execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/** The CLI (bin/sendwell) in a child: it migrates a fresh database on first use. */
export function cliFor(env) {
  return (...args) =>
    execFileSync(process.execPath, ["--import", "tsx", path.join(root, "cli/sendwell.ts"), ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
}

/** Runs `file --role=<name> args…` under tsx and parses the last line it prints (JSON). */
export function tsxRole(file, name, env, args = []) {
  const out = execFileSync(process.execPath, ["--import", "tsx", file, `--role=${name}`, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out.toString().trim().split("\n").at(-1));
}

/** The real worker process (worker/main.ts), resolved once it prints "Ready". */
export async function startWorker(env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(root, "worker/main.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = [];
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const text = String(d);
      // Keep the engine's own log lines (failed batches, retries): a benchmark that went wrong says why.
      for (const line of text.split("\n"))
        if (line.includes('"source":"sending"') && lines.length < 50) lines.push(line);
      if (text.includes("Ready")) resolve();
    });
    child.once("exit", () => reject(new Error("the worker exited during start-up")));
  });
  return {
    pid: child.pid,
    child,
    log: lines,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** kB figures of /proc/<pid>/status (Linux): VmRSS, VmHWM (peak RSS). */
export function procStatus(pid) {
  const out = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const m = /^(Vm\w+):\s+(\d+) kB/.exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

export const mb = (kb) => Math.round(kb / 1024);
export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The pid of the process listening on 127.0.0.1:port (Linux `ss`), or null. */
export function listenerPid(port) {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
    return Number(/pid=(\d+)/.exec(out)?.[1]) || null;
  } catch {
    return null;
  }
}

/** The figures an autocannon run reports, the same way for every benchmark (`seconds`: the run's duration). */
export function autocannonFigures(r, seconds) {
  return {
    requests: r.requests.total,
    sent: r.requests.sent,
    requestsPerSecond: Math.round(r.requests.total / seconds),
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Every pid holding a listening socket on the port (a cluster sharing its handle lists several), or []. */
export function listenerPids(port) {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
    return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
  } catch {
    return [];
  }
}

/** The pids whose parent is `pid` (Linux /proc), [] once it is gone. */
export function childPids(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => {
      try {
        return readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** node:cluster marks its workers with NODE_UNIQUE_ID in their environment. */
function isClusterWorker(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1")
      .split("\0")
      .some((v) => v.startsWith("NODE_UNIQUE_ID="));
  } catch {
    return false;
  }
}

/**
 * The web processes answering on a port: the process(es) listening on it and, when that is a node:cluster primary,
 * its workers (WEB_CONCURRENCY of them). `workers` is empty for a single web process (today's `next start`).
 */
export function webProcesses(port) {
  const listeners = listenerPids(port);
  const workers = [
    ...new Set([...listeners.filter(isClusterWorker), ...listeners.flatMap(childPids).filter(isClusterWorker)]),
  ];
  const primaries = listeners.filter((pid) => !workers.includes(pid));
  return { primaries, workers, all: [...primaries, ...workers] };
}

/** CPU seconds used so far by these processes together; one that has exited counts as 0. */
export function cpuSecondsOf(pids) {
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuSeconds(pid);
    } catch {
      return sum;
    }
  }, 0);
}
