// The kill test: SIGKILL one web process while tracking hits pour in, keep the load on until it is back (or for the
// rest of the window), then the caller checks every answered hit was recorded exactly once. Several web processes
// (node:cluster, WEB_CONCURRENCY): one worker is killed, the others keep answering and the primary starts another.
// One web process (`next start`): it is killed, `npm start` then stops everything, and the benchmark starts it again
// on the same database, as an operator's supervisor would.
import { sleep, webProcesses, round } from "../lib/proc.mjs";

const RECOVERY_LIMIT_MS = 180_000;

async function healthAnswers(base) {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Runs `run` (a load handle's options) on `load`, kills a web process `killAfterMs` in, answers the figures. */
export async function killTest({ server, port, load, run, windowMs, killAfterMs }) {
  const before = webProcesses(port);
  const cluster = before.workers.length > 0;
  const victim = cluster ? before.workers[0] : before.primaries[0];
  if (!victim) throw new Error(`no process listens on port ${port}`);
  const handle = load.start(run);
  await sleep(killAfterMs);
  const killedAt = performance.now();
  process.kill(victim, "SIGKILL");
  let restarted = false;
  let backAt = null;
  while (performance.now() - killedAt < RECOVERY_LIMIT_MS) {
    if (!cluster && !server.running()) {
      restarted = true;
      await server.restart();
    }
    const now = webProcesses(port);
    const replaced = cluster
      ? now.workers.length >= before.workers.length && !now.workers.includes(victim)
      : now.primaries.length > 0 && !now.primaries.includes(victim);
    if (replaced && (await healthAnswers(server.base))) {
      backAt = performance.now();
      break;
    }
    await sleep(100);
  }
  // The rest of the window, and at least a second of load on the recovered server.
  const until = Math.max(handle.startedAt + windowMs, (backAt ?? performance.now()) + 1000);
  await Promise.race([handle.finished, sleep(until - performance.now())]);
  const figures = await handle.stop();
  const killBucket = Math.floor((killedAt - handle.startedAt) / figures.timeline.bucketMs);
  const failedAfterKill = figures.timeline.buckets.slice(killBucket).reduce((n, [, failed]) => n + failed, 0);
  const { timeline, ...shown } = figures;
  void timeline;
  return {
    killed: cluster
      ? `a cluster worker (1 of ${before.workers.length} web processes)`
      : `the web process${restarted ? " (npm start stopped with it and was started again)" : ""}`,
    killedAfterMs: round(killedAt - handle.startedAt, 0),
    backAfterMs: backAt === null ? null : round(backAt - killedAt, 0),
    requestsFailedAfterKill: failedAfterKill,
    ...shown,
  };
}
