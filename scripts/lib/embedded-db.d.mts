export function startEmbeddedDb(opts: {
  dataDir: string | null;
  port?: number;
  /** Clients must give it (SCRAM-SHA-256); random for this process when omitted (then use `url`). */
  password?: string;
  maxConnections?: number;
  startupTimeout?: number;
  idleHolderTimeout?: number;
  stopTimeout?: number;
  log?: (text: string) => void;
}): Promise<{
  /** The PGlite instance served (benchmarks instrument it). */
  db: { execProtocolRawStream: (message: Uint8Array, options: unknown) => Promise<void> };
  /** postgresql://postgres:<password>@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  password: string;
  /** Ends within stopTimeout (+1 s); `forced` names what had to be cut short. */
  stop: () => Promise<{ forced: string[] }>;
}>;
