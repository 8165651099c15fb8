import type { DnsRecords } from "../../tests/support/dns-server.d.mts";

export const BOUNCING_DOMAIN: "bounce-me.test";
export const BOUNCE_MX_HOST: "mx.sendwell-e2e.test";

/** A message the SMTP sink accepted. */
export type ReceivedMail = {
  at: string;
  /** The envelope sender (MAIL FROM): the VERP return path; "" for the null sender. */
  mailFrom: string;
  rcptTo: string[];
  authenticatedAs: string | null;
  raw: string;
};

/** A delivery status notification the sink put into the bounce mailbox. */
export type DeliveredDsn = { at: string; to: string; recipients: string[]; raw: string };

export type HarnessInfo = {
  dns: { server: string };
  smtp: { host: string; port: number; user: string; pass: string };
  imap: { host: string; port: number; user: string; pass: string };
  bounceMxHost: string;
  bouncingDomain: string;
};

/** GET /state of the control endpoint. */
export type HarnessState = HarnessInfo & {
  received: ReceivedMail[];
  dsns: DeliveredDsn[];
  /** Per folder of the bounce mailbox, what is in it now. */
  mailbox: Record<string, { uid: number; flags: string[]; subject: string | null; to: string | null }[]>;
  dnsQueries: string[];
};

export type DeliverabilityHarness = HarnessInfo & {
  controlUrl: string;
  received: ReceivedMail[];
  dsns: DeliveredDsn[];
  env: Record<string, string>;
  close(): Promise<void>;
};

export type { DnsRecords };

export function startDeliverabilityHarness(options?: {
  smtpUser?: string;
  smtpPass?: string;
  imapUser?: string;
  imapPass?: string;
  dsnDelayMs?: number;
  log?: (line: string) => void;
}): Promise<DeliverabilityHarness>;
