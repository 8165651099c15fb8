// Sending domains as every layer sees them: the shape of a domain and its record checks, the syntax of a domain
// name, and THE alignment rule (which verified domain signs mail from an address). The signer (server) and the send
// checklists (broadcasts in the browser, automations on the server) read the same rule here, so a warning never
// disagrees with what actually gets signed. Client-safe: no server imports.

export const RECORD_KEYS = ["dkim", "bounce", "spf", "dmarc"] as const;
export type RecordKey = (typeof RECORD_KEYS)[number];

/** verified: found as asked; missing: nothing there; wrong: something else there (see `found`); error: the lookup
 * failed (timeout, SERVFAIL), so nothing is known. */
export type RecordStatus = "verified" | "missing" | "wrong" | "error";
export type RecordCheck = { status: RecordStatus; found: string[]; detail: string | null };

export type DomainStatus = "pending" | "verified" | "failing";

/** One record to publish, as the page shows it. `required: false` records are advice: they never hold a domain back. */
export type DnsRecordToPublish = {
  key: RecordKey;
  type: "TXT" | "MX";
  host: string;
  /** null when this server has nothing to ask for (the bounce MX without BOUNCE_MX_HOST). */
  value: string | null;
  /** MX only. */
  priority?: number;
  required: boolean;
  why: string;
  check: RecordCheck | null;
};

export type SendingDomainView = {
  id: string;
  domain: string;
  status: DomainStatus;
  dkimSelector: string;
  records: DnsRecordToPublish[];
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
};

/** Of a domain, what the checklists need. */
export type DomainState = { domain: string; status: DomainStatus };

export const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain as stored (lower case, no trailing dot, IDN as punycode), or why it is not a host name. This is the
 * syntax; whether it is registrable (not a public suffix like "co.uk") the server decides with the Public Suffix List.
 */
export function normaliseDomain(input: string): { ok: true; domain: string } | { ok: false; detail: string } {
  const raw = input.trim().replace(/\.$/, "");
  if (!raw) return { ok: false, detail: "Enter a domain, such as example.com." };
  if (/[\s/@:?#]/.test(raw))
    return { ok: false, detail: "Enter the domain alone, such as example.com: no https://, path, port or address." };
  let domain: string;
  try {
    // The URL parser applies IDNA (bücher.de → xn--bcher-kva.de) and lower-cases, in browsers and Node alike.
    domain = new URL(`http://${raw}`).hostname;
  } catch {
    return { ok: false, detail: "This is not a valid domain name." };
  }
  if (domain.length > MAX_DOMAIN_LENGTH) return { ok: false, detail: `At most ${MAX_DOMAIN_LENGTH} characters.` };
  const labels = domain.split(".");
  if (/^\d+$/.test(labels.at(-1)!) || domain.startsWith("["))
    return { ok: false, detail: "Enter a domain name, not an IP address." };
  if (labels.length < 2) return { ok: false, detail: "Enter a full domain, such as example.com." };
  if (!labels.every((l) => LABEL.test(l)))
    return {
      ok: false,
      detail: "Each part of a domain has 1 to 63 letters, digits or hyphens, and does not start or end with a hyphen.",
    };
  return { ok: true, domain };
}

/** "Ann <news@Shop.com>" or "news@shop.com" → "shop.com"; null without an @. */
export function fromDomainOf(from: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf("@");
  if (at < 0) return null;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return domain || null;
}

/**
 * The verified domain whose key signs mail from `fromDomain`: the domain itself, else its nearest verified parent
 * (DMARC's relaxed alignment: d=shop.com is aligned with From news.shop.com). A verified subdomain never signs its
 * parent's mail, nor does an unrelated domain: those signatures would not align, so DMARC would fail anyway.
 */
export function signingDomainFor(fromDomain: string, verified: readonly string[]): string | null {
  const domain = fromDomain.toLowerCase();
  const set = new Set(verified);
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join(".");
    if (set.has(candidate)) return candidate;
  }
  return null;
}

export type FromDomainWarning = { code: "unverified_domain" | "unaligned_domain"; message: string };

const SPAM = "or mail may land in spam";
const listed = (domains: string[]) =>
  domains.length <= 3 ? domains.join(", ") : `${domains.slice(0, 3).join(", ")} and ${domains.length - 3} more`;

/**
 * What the send checklists say about a From address (a warning, never a blocker), or null when a verified domain
 * signs its mail. Not aligned with any verified domain while the workspace has some: DMARC fails for this address
 * even though the workspace is set up, so the warning names the domains that would work.
 */
export function fromDomainWarning(fromEmail: string, domains: readonly DomainState[]): FromDomainWarning | null {
  const fromDomain = fromDomainOf(fromEmail);
  if (!fromDomain) return null;
  const address = fromEmail.trim();
  const verified = domains.filter((d) => d.status === "verified").map((d) => d.domain);
  if (signingDomainFor(fromDomain, verified)) return null;
  const added = domains.find((d) => d.domain === fromDomain);
  const what =
    added?.status === "failing"
      ? "is no longer verified (its DKIM record is gone)"
      : "is not a verified sending domain";
  if (verified.length === 0) {
    const fix = added
      ? `Publish its records (Settings → Sending domains) and check it again, ${SPAM}.`
      : `Add it in Settings → Sending domains and publish its records, ${SPAM}.`;
    return { code: "unverified_domain", message: `${address}: ${fromDomain} ${what}. ${fix}` };
  }
  const one = verified.length === 1;
  const fix = added
    ? `publish ${fromDomain}'s records (Settings → Sending domains) and check it again`
    : `add ${fromDomain} in Settings → Sending domains and publish its records`;
  return {
    code: "unaligned_domain",
    message:
      `${address}: ${fromDomain} ${what} and is not aligned with the verified ${one ? "domain" : "domains"} ` +
      `(${listed(verified)}), so DMARC fails for it and mail may land in spam. ` +
      `Send from an address at ${one ? verified[0] : "one of them"}, or ${fix}.`,
  };
}
