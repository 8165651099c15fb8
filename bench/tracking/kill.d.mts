export function killTest(options: {
  server: { base: string; running(): boolean; restart(): Promise<void> };
  port: number;
  load: unknown;
  run: unknown;
  windowMs: number;
  killAfterMs: number;
}): Promise<{
  killed: string;
  backAfterMs: number | null;
  killedAfterMs: number;
  statusCodes: Record<string, number>;
  errors: number;
}>;
