// A load client that knows which requests were answered (autocannon counts them, but cannot say which): closed-loop
// keep-alive connections in child processes (bench/lib/load-child.mjs: the load has its own core time, and the
// benchmark's own process stays free to time other requests meanwhile), fed paths from sources:
// - tokenSlice(pool, from, to, pathOf): each index of [from, to) once, its outcome kept in pool.outcomes[index]
//   (the HTTP status, -1 connection error, -2 timeout, 0 never sent), so every request can be checked afterwards;
// - cycle(paths): the same paths over and over, outcomes not kept (health, keyed reads, a floor);
// - alternate(a, b): a chunk from each in turn (opens and clicks mixed).
import { fork } from "node:child_process";
import path from "node:path";
import { cpuSeconds, round } from "./proc.mjs";

const CHILD = path.join(import.meta.dirname, "load-child.mjs");
const CHUNK = 256;

/** Outcomes of `size` requests, one per index (one recipient each): filled in by the runs of the slices over it. */
export function outcomePool(name, size) {
  return { name, size, outcomes: new Int16Array(size) };
}

/** Each index of [from, to) of `pool` once, in order; path(index) builds its request path. */
export function tokenSlice(pool, from, to, pathOf) {
  let nextIndex = from;
  return {
    from,
    to,
    used: () => nextIndex - from,
    take(n) {
      if (nextIndex >= to) return null;
      const start = nextIndex;
      const end = Math.min(to, start + n);
      nextIndex = end;
      const paths = [];
      for (let i = start; i < end; i++) paths.push(pathOf(i));
      return { ref: { pool, start }, paths };
    },
  };
}

/** The same paths again and again, outcomes not kept. */
export function cycle(paths) {
  let i = 0;
  return {
    take(n) {
      const out = [];
      for (let k = 0; k < n; k++) out.push(paths[i++ % paths.length]);
      return { ref: null, paths: out };
    },
  };
}

/** One chunk from each source in turn, until both are used up. */
export function alternate(a, b) {
  let turn = 0;
  return {
    take(n) {
      const first = turn++ % 2 === 0 ? a : b;
      return first.take(n) ?? (first === a ? b : a).take(n);
    },
  };
}

/**
 * `processes` load processes (connections split between them). start() begins a run and answers a handle whose
 * stop() ends it and resolves with the figures; run() is start, wait `seconds`, stop.
 */
export async function startLoad({ processes = 1 } = {}) {
  const children = Array.from({ length: processes }, () =>
    fork(CHILD, [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  );
  // Started (modules loaded) before the first run, or its first second would be the processes booting.
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve, reject) => {
          child.once("message", resolve);
          child.once("exit", () => reject(new Error("a load process exited during start-up")));
        }),
    ),
  );
  let runs = 0;

  function start({ url, connections, headers = {}, source }) {
    const id = ++runs;
    const refs = new Map();
    let refCount = 0;
    const pending = new Set(children);
    const results = [];
    const t0 = performance.now();
    const cpu0 = children.map((c) => safeCpu(c.pid));
    let resolveAll;
    const finished = new Promise((r) => (resolveAll = r));
    const listeners = children.map((child, k) => {
      const onMessage = (m) => {
        if (m.id !== id) return;
        if (m.type === "need") {
          const chunk = source.take(m.size);
          if (!chunk) return child.send({ type: "chunk", id, done: true });
          const ref = chunk.ref ? ++refCount : null;
          if (ref) refs.set(ref, chunk.ref);
          child.send({ type: "chunk", id, ref, paths: chunk.paths });
        } else if (m.type === "result") {
          results[k] = m;
          pending.delete(child);
          if (pending.size === 0) resolveAll();
        }
      };
      child.on("message", onMessage);
      return () => child.off("message", onMessage);
    });
    const share = Math.floor(connections / processes);
    children.forEach((child, k) =>
      child.send({
        type: "run",
        id,
        url,
        headers,
        chunkSize: CHUNK,
        connections: share + (k < connections % processes ? 1 : 0),
      }),
    );

    return {
      startedAt: t0,
      /** Resolves when every process has ended by itself (its source used up). */
      finished,
      async stop() {
        for (const child of children) child.send({ type: "stop", id });
        await finished;
        for (const off of listeners) off();
        const clientCpu = children.reduce((s, c, k) => s + (safeCpu(c.pid) - cpu0[k]), 0);
        for (const r of results)
          for (const c of r.chunks) {
            const { pool, start } = refs.get(c.ref);
            pool.outcomes.set(c.statuses, start);
          }
        return figures(results, clientCpu, performance.now() - t0);
      },
    };
  }

  return {
    start,
    async run({ seconds, ...options }) {
      const handle = start(options);
      await Promise.race([handle.finished, new Promise((r) => setTimeout(r, seconds * 1000))]);
      return handle.stop();
    },
    async close() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null) return null;
          const exited = new Promise((r) => child.once("exit", r));
          child.send({ type: "exit" });
          return exited;
        }),
      );
    },
  };
}

const safeCpu = (pid) => {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
};

/** The figures of one run over all load processes; `timeline` is kept (not printed) for the kill test. */
function figures(results, clientCpuSeconds, wallMs) {
  const elapsedMs = Math.max(...results.map((r) => r.elapsedMs));
  const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of results) {
    latencies.set(r.latencies, at);
    at += r.latencies.length;
  }
  latencies.sort();
  const p = (q) =>
    latencies.length ? round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : null;
  const statusCodes = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const bucketMs = results[0].bucketMs;
  const timeline = [];
  for (const r of results)
    r.timeline.forEach(([ok, failed], b) => {
      timeline[b] ??= [0, 0];
      timeline[b][0] += ok;
      timeline[b][1] += failed;
    });
  const responses = latencies.length;
  return {
    seconds: round(elapsedMs / 1000),
    responses,
    requestsPerSecond: Math.round(responses / (elapsedMs / 1000)),
    latencyMs: { p50: p(0.5), p90: p(0.9), p99: p(0.99), max: responses ? round(latencies[responses - 1]) : null },
    statusCodes,
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    // Connections refused (nothing listened): the request was not sent, and was tried again after a pause.
    refusedConnections: results.reduce((n, r) => n + r.refused, 0),
    ...(results.some((r) => r.exhausted) ? { sourceUsedUp: true } : {}),
    // The load processes' own CPU: near 100 % × processes means the client, not the server, set the pace.
    loadClientCpuPercent: Math.round((clientCpuSeconds * 100_000) / wallMs),
    timeline: { bucketMs, buckets: timeline },
  };
}
