// SSRF guard: webhook requests may only connect to public unicast addresses, checked on the address actually
// connected to (after DNS), so a hostname that resolves, or later re-resolves, to an internal address is refused.
import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { normaliseHost, webhookSettings } from "./settings";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (also AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** The IPv4 address carried inside an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address, if any. */
function embeddedIPv4(address: string): string | null {
  const groups = expandIPv6(address.toLowerCase());
  if (!groups) return null;
  const g = (i: number) => groups[i] ?? 0;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g(5) === 0xffff) return v4(g(6), g(7)); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 6) && (g(6) !== 0 || g(7) > 1)) return v4(g(6), g(7)); // ::a.b.c.d (compatible)
  if (g(0) === 0x64 && g(1) === 0xff9b && zeros(2, 6)) return v4(g(6), g(7)); // 64:ff9b::/96 (NAT64)
  if (g(0) === 0x2002) return v4(g(1), g(2)); // 2002::/16 (6to4)
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function expandIPv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (s: string | undefined) => (s ? s.split(":").map((x) => parseInt(x, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...fill, ...right];
  return groups.length === 8 ? groups : null;
}

/** Why an address may not be connected to, or null when it is public. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (family === 4) return blocked.check(address, "ipv4") ? `${address} is a private or reserved address` : null;
  const inner = embeddedIPv4(address);
  if (inner) return refusedAddress(inner) && `${address} is a private or reserved address`;
  return blocked.check(address, "ipv6") ? `${address} is a private or reserved address` : null;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export class RefusedAddressError extends Error {
  readonly code = "ERR_WEBHOOK_ADDRESS_REFUSED";
}

/** May this host be connected to at this address? Allow-listed hosts and addresses skip the public-only rule. */
export function addressAllowed(hostname: string, address: string): string | null {
  const allowed = webhookSettings.allowedHosts();
  if (allowed.has(normaliseHost(hostname)) || allowed.has(normaliseHost(address))) return null;
  return refusedAddress(address);
}

/**
 * Why a URL host that is an IP literal may not be connected to, as guardedLookup words it; null for a hostname or an
 * allowed address. Node connects to a literal without calling `lookup`, so the guard there never sees one.
 */
export function refusedLiteralHost(hostname: string): string | null {
  const host = normaliseHost(hostname);
  if (!isIP(host)) return null;
  const reason = addressAllowed(host, host);
  return reason && `Refused to connect to ${host}: ${reason}.`;
}

/**
 * A `lookup` for node:http that resolves with `resolver` and hands the socket only addresses that pass the guard,
 * so the check holds for the connection itself (no time-of-check/time-of-use gap with DNS).
 */
export function guardedLookup(resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const literal = isIP(normaliseHost(hostname)) ? normaliseHost(hostname) : null;
    const addresses: Promise<LookupAddress[]> = literal
      ? Promise.resolve([{ address: literal, family: isIP(literal) }])
      : resolver(hostname);
    addresses.then(
      (list) => {
        const usable = list.filter((a) => addressAllowed(hostname, a.address) === null);
        const first = usable[0];
        if (!first) {
          const reason = list[0] ? addressAllowed(hostname, list[0].address) : "it has no address";
          callback(new RefusedAddressError(`Refused to connect to ${hostname}: ${reason}.`), []);
        } else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, []),
    );
  };
}
