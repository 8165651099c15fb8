import type { ChildProcess } from "node:child_process";

export const root: string;
export function cliFor(env: NodeJS.ProcessEnv): (...args: string[]) => string;
export function tsxRole(file: string, name: string, env: NodeJS.ProcessEnv, args?: string[]): unknown;
export function startWorker(
  env: NodeJS.ProcessEnv,
  nodeArgs?: string[],
): Promise<{ pid: number; child: ChildProcess; log: string[]; alive(): boolean; stop(): Promise<void> }>;
export function procStatus(pid: number): Record<string, number>;
export function cpuSeconds(pid: number): number;
export function mb(kb: number): number;
export function round(n: number, digits?: number): number;
export function pct(sorted: ArrayLike<number>, p: number): number;
export function sleep(ms: number): Promise<void>;
export function listenerPid(port: number): number | null;
export function autocannonFigures(r: unknown, seconds: number): Record<string, unknown>;
export function listenerPids(port: number): number[];
export function childPids(pid: number): number[];
export function webProcesses(port: number): { primaries: number[]; workers: number[]; all: number[] };
export function cpuSecondsOf(pids: number[]): number;
