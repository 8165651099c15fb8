export function startEmbeddedDb(opts: {
  dataDir: string | null;
  port?: number;
  host?: string;
  maxConnections?: number;
}): Promise<{
  url: string;
  port: number;
  stop: () => Promise<void>;
}>;
