// The deliverability spec's side of e2e/support/deliverability-harness.mjs: e2e/serve.mjs writes the control
// endpoint's address next to the server log; through it the spec publishes DNS records and reads what the SMTP sink
// received and what reached the bounce mailbox.
import { readFileSync } from "node:fs";
import { Resolver } from "node:dns/promises";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { serverLogPath } from "../server-log";
import type { DnsRecords, HarnessState } from "./deliverability-harness.mjs";

export type { DnsRecords, HarnessState };

function controlUrl(): string {
  const file = `${serverLogPath()}.harness.json`;
  return (JSON.parse(readFileSync(file, "utf8")) as { controlUrl: string }).controlUrl;
}

export async function harnessState(): Promise<HarnessState> {
  const res = await fetch(`${controlUrl()}/state`);
  if (!res.ok) throw new Error(`harness state: HTTP ${res.status}`);
  return (await res.json()) as HarnessState;
}

/** Replaces what the local DNS server answers (as publishing at a DNS host does). */
export async function publishDns(records: DnsRecords): Promise<void> {
  const res = await fetch(`${controlUrl()}/dns`, { method: "PUT", body: JSON.stringify(records) });
  if (!res.ok) throw new Error(`publishing DNS records: HTTP ${res.status} ${await res.text()}`);
}

/** mailauth's DKIM verdicts on a received message, its public keys read from the harness's DNS server. */
export async function dkimResults(raw: string): Promise<{ result: string; domain: string | undefined }[]> {
  const { dns } = await harnessState();
  const resolver = new Resolver({ timeout: 1_000, tries: 2 });
  resolver.setServers([dns.server]);
  const { results } = await dkimVerify(Buffer.from(raw), {
    resolver: (name: string, type: string) => resolver.resolve(name, type as "TXT"),
  });
  return results.map((r: { status: { result: string }; signingDomain?: string }) => ({
    result: r.status.result,
    domain: r.signingDomain,
  }));
}
