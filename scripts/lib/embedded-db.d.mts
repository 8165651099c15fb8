export function startEmbeddedDb(opts: {
  dataDir: string | null;
  port?: number;
  host?: string;
  maxConnections?: number;
}): Promise<{
  /** The PGlite instance served (benchmarks instrument it). */
  db: { execProtocolRawStream: (message: Uint8Array, options: unknown) => Promise<void> };
  url: string;
  port: number;
  stop: () => Promise<void>;
}>;
