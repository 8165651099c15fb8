// DNS lookups for the sending-domain checks, through one injectable resolver: DNS_SERVERS (comma-separated ip[:port],
// e.g. "127.0.0.1:5353" in tests, or a company resolver) or the system's. Every lookup ends within LOOKUP_TIMEOUT_MS:
// a hung or failing server makes that record's status "error" (nothing known), never a hang and never "missing"
// (which would wrongly flip a verified domain to failing).
import { Resolver } from "node:dns/promises";
import type { RecordCheck } from "@/lib/deliverability/sending-domains";

export const LOOKUP_TIMEOUT_MS = 5_000;

export type DnsLookup = {
  /** Each TXT record as its strings (a long value is split into strings of ≤ 255 bytes). */
  txt(name: string): Promise<string[][]>;
  mx(name: string): Promise<{ exchange: string; priority: number }[]>;
};

/** No such name or no record of that type: an answer, not a failure. */
const ABSENT = new Set(["ENOTFOUND", "ENODATA"]);

export class LookupFailed extends Error {}

/** The resolver of DNS_SERVERS (or the system's), with the timeout applied to every lookup. */
export function dnsLookup(servers = process.env.DNS_SERVERS, timeoutMs = LOOKUP_TIMEOUT_MS): DnsLookup {
  const resolver = new Resolver({ timeout: Math.min(timeoutMs, 2_000), tries: 2 });
  const list = (servers ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    if (list.length) resolver.setServers(list);
  } catch (error) {
    throw new Error(`DNS_SERVERS must list resolvers as ip or ip:port, comma-separated (got "${servers}"): ${error}`);
  }
  const guarded = async <T>(name: string, lookup: () => Promise<T[]>): Promise<T[]> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LookupFailed(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      return await Promise.race([lookup(), timeout]);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code && ABSENT.has(code)) return [];
      if (error instanceof LookupFailed) throw error;
      throw new LookupFailed(`${code ?? "lookup failed"} for ${name}`);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    txt: (name) => guarded(name, () => resolver.resolveTxt(name)),
    mx: (name) => guarded(name, () => resolver.resolveMx(name)),
  };
}

const failed = (error: unknown): RecordCheck => ({
  status: "error",
  found: [],
  detail: `The DNS lookup failed (${error instanceof Error ? error.message : String(error)}). Sendwell tries again later.`,
});

/** The TXT records at `name`, each joined from its strings (as DKIM, SPF and DMARC read them). What is kept to show
 * ("found") is bounded: a zone with dozens of verification records, or a hostile one, does not bloat the row. */
async function txtRecords(dns: DnsLookup, name: string): Promise<string[]> {
  return (await dns.txt(name)).slice(0, MAX_FOUND).map((strings) => strings.join("").slice(0, MAX_FOUND_CHARS));
}

const MAX_FOUND = 20;
const MAX_FOUND_CHARS = 2_000;

/** The p= tag of a DKIM record, without the spaces a long key is often published with. */
export function dkimPublicKeyOf(record: string): string | null {
  const tag = record
    .split(";")
    .map((t) => t.trim())
    .find((t) => /^p\s*=/i.test(t));
  return tag === undefined ? null : tag.replace(/^p\s*=/i, "").replace(/\s+/g, "");
}

/** DKIM: a TXT record at `host` whose p= is our public key. Other TXT records there are "wrong" (shown as found). */
export async function checkDkim(dns: DnsLookup, host: string, publicKey: string): Promise<RecordCheck> {
  try {
    const records = await txtRecords(dns, host);
    if (records.length === 0) return { status: "missing", found: [], detail: null };
    if (records.some((r) => dkimPublicKeyOf(r) === publicKey))
      return { status: "verified", found: records, detail: null };
    const keyed = records.filter((r) => dkimPublicKeyOf(r) !== null);
    return {
      status: "wrong",
      found: records,
      detail: keyed.length
        ? "The record there holds another public key: replace it with the value shown (a copy may have cut the key)."
        : "The TXT record there is not a DKIM key: publish the value shown.",
    };
  } catch (error) {
    return failed(error);
  }
}

/** The bounce domain's MX points at `exchange` (compared without case or trailing dot). */
export async function checkMx(dns: DnsLookup, host: string, exchange: string): Promise<RecordCheck> {
  const norm = (h: string) => h.toLowerCase().replace(/\.$/, "");
  try {
    const records = await dns.mx(host);
    const found = records.slice(0, MAX_FOUND).map((r) => `${r.priority} ${norm(r.exchange)}`);
    if (records.length === 0) return { status: "missing", found, detail: null };
    if (records.some((r) => norm(r.exchange) === norm(exchange))) return { status: "verified", found, detail: null };
    return { status: "wrong", found, detail: `Bounces go elsewhere: point the MX record at ${norm(exchange)}.` };
  } catch (error) {
    return failed(error);
  }
}

/**
 * SPF: exactly one v=spf1 record (two are a permanent error for every receiver) that contains `mechanism`
 * ("include:spf.provider.com", "mx"), with no qualifier or "+" (a "-include:" or "~mx" does not authorise).
 */
export async function checkSpf(dns: DnsLookup, host: string, mechanism: string): Promise<RecordCheck> {
  try {
    const spf = (await txtRecords(dns, host)).filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
    if (spf.length === 0) return { status: "missing", found: [], detail: null };
    if (spf.length > 1)
      return {
        status: "wrong",
        found: spf,
        detail: "There are several SPF records: receivers then reject them all. Merge them into one.",
      };
    const terms = spf[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map((t) => t.toLowerCase().replace(/^\+/, ""));
    if (terms.includes(mechanism.toLowerCase())) return { status: "verified", found: spf, detail: null };
    return { status: "wrong", found: spf, detail: `The SPF record does not contain ${mechanism}: add it.` };
  } catch (error) {
    return failed(error);
  }
}

/**
 * DMARC: a TXT record at _dmarc.<domain> starting v=DMARC1 (any policy). Receivers fall back to the organisational
 * domain's record (RFC 7489 §6.6.3), so a subdomain with none of its own is covered by its parent's: `orgDomain`.
 */
export async function checkDmarc(dns: DnsLookup, domain: string, orgDomain: string | null): Promise<RecordCheck> {
  const dmarcOf = (records: string[]) => records.filter((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim()));
  try {
    const records = await txtRecords(dns, `_dmarc.${domain}`);
    const dmarc = dmarcOf(records);
    if (dmarc.length === 1) return { status: "verified", found: dmarc, detail: null };
    if (dmarc.length > 1)
      return { status: "wrong", found: dmarc, detail: "There are several DMARC records: receivers ignore them all." };
    if (records.length)
      return { status: "wrong", found: records, detail: "The TXT record there does not start with v=DMARC1." };
    if (orgDomain && orgDomain !== domain) {
      const inherited = dmarcOf(await txtRecords(dns, `_dmarc.${orgDomain}`));
      if (inherited.length === 1)
        return { status: "verified", found: inherited, detail: `Covered by ${orgDomain}'s DMARC record.` };
    }
    return { status: "missing", found: [], detail: null };
  } catch (error) {
    return failed(error);
  }
}
