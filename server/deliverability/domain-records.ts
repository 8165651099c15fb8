// The DNS records a sending domain publishes, why each one, how each is checked, and what the checks make of the
// domain's status. The page, the README and the checks all come from here.
import { getDomain } from "tldts";
import type { DnsRecordToPublish, DomainStatus, RecordCheck, RecordKey } from "@/lib/deliverability/sending-domains";
import { dkimRecordValue } from "./dkim-keys";
import { checkDkim, checkDmarc, checkMx, checkSpf, type DnsLookup } from "./dns-check";

/** Server settings the records depend on (README, Deliverability → Sending domains). */
export const domainSettings = {
  /** The host that receives bounces for bounce.<domain> (the mailbox the worker reads). Unset: no bounce MX asked. */
  bounceMxHost: () => process.env.BOUNCE_MX_HOST?.trim().toLowerCase().replace(/\.$/, "") || null,
  /** The SPF include of the provider or relay the mail leaves through, e.g. "amazonses.com". Unset: "mx". */
  spfInclude: () => process.env.SPF_INCLUDE?.trim().replace(/^include:/i, "") || null,
};

export type DomainRow = {
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  checks: unknown;
  status: string;
  verifiedAt: Date | null;
};

export const bounceHost = (domain: string) => `bounce.${domain}`;

/** The SPF mechanism the bounce domain's record must contain. */
export function spfMechanism(): string {
  const include = domainSettings.spfInclude();
  return include ? `include:${include}` : "mx";
}

/** The organisational domain (the registrable one, by the Public Suffix List): DMARC's fallback. */
export const orgDomainOf = (domain: string) => getDomain(domain, { allowPrivateDomains: true });

export function recordsToPublish(row: DomainRow): DnsRecordToPublish[] {
  const checks = (row.checks ?? {}) as Partial<Record<RecordKey, RecordCheck>>;
  const mxHost = domainSettings.bounceMxHost();
  const include = domainSettings.spfInclude();
  const org = orgDomainOf(row.domain) ?? row.domain;
  return [
    {
      key: "dkim",
      type: "TXT",
      host: `${row.dkimSelector}._domainkey.${row.domain}`,
      value: dkimRecordValue(row.dkimPublicKey),
      required: true,
      why: "The public half of the key Sendwell signs this domain's mail with: receivers check each signature against it. The domain is verified once it is found.",
      check: checks.dkim ?? null,
    },
    {
      key: "bounce",
      type: "MX",
      host: bounceHost(row.domain),
      value: mxHost,
      priority: 10,
      required: false,
      why: mxHost
        ? "Bounces to this domain's return path reach the mailbox Sendwell reads, so dead addresses get suppressed."
        : "No bounce mailbox is configured on this server (BOUNCE_MX_HOST): nothing to publish.",
      check: mxHost ? (checks.bounce ?? null) : null,
    },
    {
      key: "spf",
      type: "TXT",
      host: bounceHost(row.domain),
      value: `v=spf1 ${spfMechanism()} ~all`,
      required: false,
      why: include
        ? "Receivers check SPF on the return-path domain (this bounce domain): it names who may send its mail, here your provider (SPF_INCLUDE)."
        : "Receivers check SPF on the return-path domain (this bounce domain): it names who may send its mail, here the bounce domain's MX hosts. Mail leaves through another server or provider? Put its include (e.g. include:amazonses.com) instead of mx.",
      check: checks.spf ?? null,
    },
    {
      key: "dmarc",
      type: "TXT",
      host: `_dmarc.${row.domain}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc@${org}`,
      required: false,
      why: "Tells receivers what to do with mail that fails DKIM and SPF, and where to report. Start with p=none (reports only); once the reports show all your mail passing, move to p=quarantine, then p=reject.",
      check: checks.dmarc ?? null,
    },
  ];
}

/** Every record checked at once (each lookup bounded by its own timeout). The bounce MX only when one is asked for. */
export async function checkRecords(dns: DnsLookup, row: DomainRow): Promise<Partial<Record<RecordKey, RecordCheck>>> {
  const mxHost = domainSettings.bounceMxHost();
  const [dkim, bounce, spf, dmarc] = await Promise.all([
    checkDkim(dns, `${row.dkimSelector}._domainkey.${row.domain}`, row.dkimPublicKey),
    mxHost ? checkMx(dns, bounceHost(row.domain), mxHost) : Promise.resolve(null),
    checkSpf(dns, bounceHost(row.domain), spfMechanism()),
    checkDmarc(dns, row.domain, orgDomainOf(row.domain)),
  ]);
  return { dkim, ...(bounce ? { bounce } : {}), spf, dmarc };
}

/**
 * The domain's status after a check: verified when its DKIM record is found (SPF and DMARC are warnings on the page);
 * failing when a domain that was verified no longer has it; pending before it ever was. A failed lookup ("error")
 * proves nothing, so the status stays as it was.
 */
export function nextStatus(current: { status: string; verifiedAt: Date | null }, dkim: RecordCheck): DomainStatus {
  const was = (["pending", "verified", "failing"] as const).find((s) => s === current.status) ?? "pending";
  if (dkim.status === "verified") return "verified";
  if (dkim.status === "error") return was;
  return current.verifiedAt ? "failing" : "pending";
}
