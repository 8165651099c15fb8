export type Pool = { name: string; size: number; outcomes: Int16Array };
export type Source = { take(n: number): { ref: unknown; paths: string[] } | null };
export type RunOptions = { url: string; connections: number; headers?: Record<string, string>; source: Source };
export type Figures = {
  seconds: number;
  responses: number;
  requestsPerSecond: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};
export type Load = {
  start(options: RunOptions): { startedAt: number; finished: Promise<void>; stop(): Promise<Figures> };
  run(options: RunOptions & { seconds: number }): Promise<Figures>;
  close(): Promise<void>;
};
export function outcomePool(name: string, size: number): Pool;
export function tokenSlice(pool: Pool, from: number, to: number, pathOf: (i: number) => string): Source;
export function cycle(paths: string[]): Source;
export function alternate(a: Source, b: Source): Source;
export function startLoad(options?: { processes?: number }): Promise<Load>;
