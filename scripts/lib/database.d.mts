export function dataDir(): string;
export function embeddedDbPassword(): string;
export function runningEmbeddedDb(): Promise<{ pid: number; port: number; url: string } | null>;
export function acquireDatabase(opts?: {
  port?: number;
}): Promise<{ url: string; embedded: boolean; release: () => Promise<{ forced: string[] } | void> }>;
