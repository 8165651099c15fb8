// Several web processes on the one port (node:cluster): the primary forks WEB_CONCURRENCY web processes, which
// share the listening socket (the primary hands each new connection to the next one in turn), restarts one that
// dies unexpectedly, and on SIGTERM/SIGINT stops them all cleanly before it exits. With one process there is no
// primary: the process is the web process. Everything a web process keeps that must hold across processes (rate
// limits, sign-in throttling) lives in PostgreSQL.
import cluster, { type Worker } from "node:cluster";
import { frontServerConfig, webProcesses } from "./config";

const log = (message: string) => console.log(`[web] ${message}`);

/** A process that dies this soon after its start, this many times in a row, is not restarted again. */
const QUICK_DEATH_MS = 10_000;
const QUICK_DEATHS_LIMIT = 5;
/**
 * Web processes get this long to finish their requests after SIGTERM (they give requests 10 s) before the primary
 * kills them: less than the 15 s `npm start` gives the primary itself.
 */
const STOP_LIMIT_MS = 12_000;

export async function runWeb({ dev, root }: { dev: boolean; root: string }): Promise<void> {
  let count: number;
  try {
    // A bad setting stops the start here, said once, rather than in every web process the primary would restart.
    frontServerConfig();
    count = dev ? 1 : webProcesses();
  } catch (error) {
    console.error(`[web] ${(error as Error).message}`);
    process.exit(1);
  }
  if (count > 1 && cluster.isPrimary) return runPrimary(count);
  const { runWebProcess } = await import("./web-process");
  await runWebProcess({ dev, root });
}

function runPrimary(count: number) {
  /** Set once stopping: the primary exits with it when the last web process has. */
  let exitCode: number | null = null;
  let quickDeaths = 0;
  const started = new Map<Worker, number>();

  const fork = () => started.set(cluster.fork(), Date.now());
  log(`Starting ${count} web processes (WEB_CONCURRENCY).`);
  for (let i = 0; i < count; i++) fork();

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (exitCode !== null) {
      if (started.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= QUICK_DEATHS_LIMIT) {
      console.error(`[web] Web processes keep exiting right after they start (${signal ?? code}); stopping.`);
      return stop(1);
    }
    console.error(`[web] A web process exited unexpectedly (${signal ?? code}); starting another.`);
    fork();
  });

  function stop(code: number) {
    if (exitCode !== null) return;
    exitCode = code;
    if (started.size === 0) process.exit(code);
    for (const worker of started.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of started.keys()) worker.process.kill("SIGKILL");
      process.exit(code || 1);
    }, STOP_LIMIT_MS).unref();
  }
  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));
}
