export type DnsRecord =
  | { type: "TXT"; data: string | string[]; ttl?: number }
  | { type: "MX"; exchange: string; priority?: number; ttl?: number }
  | { type: "A" | "AAAA"; address: string; ttl?: number }
  | { type: "CNAME"; target: string; ttl?: number }
  | { type: "SERVFAIL" }
  | { type: "TIMEOUT" };

export type DnsRecords = Record<string, DnsRecord[]>;

export type DnsServer = {
  port: number;
  host: string;
  /** DNS_SERVERS' value for this server ("127.0.0.1:<port>"). */
  readonly server: string;
  /** Every question asked, "TYPE name", in order. */
  queries: string[];
  /** Replaces the whole table. */
  set(records: DnsRecords): void;
  close(): Promise<void>;
};

export function startDnsServer(records?: DnsRecords, options?: { host?: string; port?: number }): Promise<DnsServer>;
