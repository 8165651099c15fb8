// The front server's settings (README, Configuration), read once at start; a bad value stops the start, saying why.
import { availableParallelism } from "node:os";
import { appUrl, parseDuration } from "@/server/config";
import { parseTrustProxy } from "./client-address";
import type { Timeouts } from "./server";

type Env = Record<string, string | undefined>;

/** Most web processes the default picks: 4 × DATABASE_POOL_SIZE (10) = 40 connections, with room for workers. */
export const MAX_DEFAULT_WEB_PROCESSES = 4;

/**
 * WEB_CONCURRENCY, else the machine's: one per core up to MAX_DEFAULT_WEB_PROCESSES on a PostgreSQL server, one on
 * the embedded database (it runs on one core of its own; more web processes only take CPU from it: bench:tracking,
 * README "Running at scale"). `npm run dev` is always one.
 */
export function webProcesses(env: Env = process.env, cores = availableParallelism()): number {
  const setting = env.WEB_CONCURRENCY?.trim();
  if (setting) {
    const count = Number(setting);
    if (!Number.isInteger(count) || count < 1 || count > 64)
      throw new Error(`WEB_CONCURRENCY=${setting}: give a number of web processes from 1 to 64.`);
    return count;
  }
  if (env.SENDWELL_EMBEDDED_DB === "1") return 1;
  return Math.max(1, Math.min(cores, MAX_DEFAULT_WEB_PROCESSES));
}

function duration(name: string, fallback: string, env: Env): number {
  const text = env[name]?.trim() || fallback;
  try {
    return parseDuration(text);
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
}

export function timeouts(env: Env = process.env): Timeouts {
  return {
    // Headers are a few hundred bytes: 20 s is plenty on any link, and a slow-header client lets go soon.
    headersMs: duration("HTTP_HEADERS_TIMEOUT", "20s", env),
    // A whole request: CSV imports are the largest bodies (up to 100 MB); public bodies have their own 10 s.
    requestMs: duration("HTTP_REQUEST_TIMEOUT", "5m", env),
    // Above the usual load balancer idle timeouts (AWS ALB and GCP 60 s, nginx 60 s): the balancer closes an idle
    // connection first, never sends a request on one we are closing (its 502).
    keepAliveMs: duration("HTTP_KEEP_ALIVE_TIMEOUT", "65s", env),
    // The public bodies the front server reads itself (form submissions, views, one-click) are a few KB.
    publicBodyMs: duration("HTTP_PUBLIC_BODY_TIMEOUT", "10s", env),
  };
}

export function frontServerConfig(env: Env = process.env) {
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || undefined,
    appUrl: appUrl(),
    trust: parseTrustProxy(env.TRUST_PROXY),
    timeouts: timeouts(env),
  };
}
