// The one client address of a request, as the front server resolves it (server/auth/client-address.ts reads it):
// the connection's address, or what the proxies in front of Sendwell saw, as far as TRUST_PROXY says they are ours.
// - unset / false / 0: the connection's address. Forwarding headers are ignored (any client can write them), and a
//   connection from loopback or a private network that carries them comes through a proxy nobody told us about:
//   its address is the proxy's, shared by every client, so it counts as no address (null) rather than one bucket in
//   which anyone could pause sign-in for everyone. A one-time log line says to set TRUST_PROXY.
// - true or a number N (1–10) of proxies: the entry the outermost of them appended, N from the right.
// - a comma-separated list of proxy addresses or CIDRs (10.0.0.0/8, 2001:db8::/32, 192.0.2.7): from the connection
//   leftwards, every hop that is a listed proxy is passed, and the first that is not is the client.
// The chain is X-Forwarded-For when the request has one, else the `for=` of RFC 7239 `Forwarded`: a proxy that
// writes `Forwarded` must drop any X-Forwarded-For the client sent (nearly every proxy appends X-Forwarded-For).
import { BlockList, isIP } from "node:net";

export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; proxies: BlockList };

/** Reads TRUST_PROXY; a value that is none of the three forms stops the start with a message saying so. */
export function parseTrustProxy(setting = process.env.TRUST_PROXY): ProxyTrust {
  const value = setting?.trim().toLowerCase() ?? "";
  if (value === "" || value === "false" || value === "0") return { kind: "none" };
  if (value === "true") return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return { kind: "hops", hops };
    throw new Error(`TRUST_PROXY=${setting}: at most 10 proxies (or list their addresses).`);
  }
  const proxies = new BlockList();
  for (const entry of value.split(",").map((part) => part.trim())) {
    const [address, prefix, extra] = entry.split("/");
    const family = address ? isIP(address) : 0;
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (!family || extra !== undefined || (bits !== null && (bits < 0 || bits > (family === 4 ? 32 : 128))))
      throw new Error(
        `TRUST_PROXY=${setting}: "${entry}" is not an address or CIDR. Use true, a number of proxies, or a ` +
          `comma-separated list of proxy addresses and CIDRs (e.g. 10.0.0.0/8,192.0.2.7).`,
      );
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === null) proxies.addAddress(address!, type);
    else proxies.addSubnet(address!, bits, type);
  }
  return { kind: "list", proxies };
}

/**
 * An address as written in a header or by the socket: quotes, brackets and port removed, IPv4-mapped IPv6 unwrapped
 * (a dual-stack socket shows an IPv4 proxy as ::ffff:a.b.c.d; the list names it as a.b.c.d).
 */
export function normaliseAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let candidate = raw.trim();
  if (candidate.startsWith('"') && candidate.endsWith('"')) candidate = candidate.slice(1, -1);
  if (candidate.startsWith("[")) {
    const end = candidate.indexOf("]");
    if (end < 0) return null;
    candidate = candidate.slice(1, end);
  } else if (candidate.indexOf(":") > 0 && candidate.indexOf(":") === candidate.lastIndexOf(":")) {
    candidate = candidate.slice(0, candidate.indexOf(":")); // a.b.c.d:port
  }
  if (candidate.length > 7 && candidate.slice(0, 7).toLowerCase() === "::ffff:" && isIP(candidate.slice(7)) === 4)
    candidate = candidate.slice(7);
  return isIP(candidate) ? candidate : null;
}

/** The entries of X-Forwarded-For, or the `for=` values of RFC 7239 Forwarded, left (client) to right. */
export function forwardedChain(xff: string | undefined, forwarded: string | undefined): string[] {
  if (xff !== undefined) return xff.split(",").map((part) => part.trim());
  if (forwarded === undefined) return [];
  return forwarded.split(",").map((element) => {
    for (const pair of element.split(";")) {
      const eq = pair.indexOf("=");
      if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === "for") return pair.slice(eq + 1).trim();
    }
    return "";
  });
}

// Where a reverse proxy in front of Sendwell would connect from.
const nearby = new BlockList();
for (const [net, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
] as const)
  nearby.addSubnet(net, prefix, "ipv4");
nearby.addAddress("::1", "ipv6");
nearby.addSubnet("fc00::", 7, "ipv6");
nearby.addSubnet("fe80::", 10, "ipv6");

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");
const isNearby = (address: string) => nearby.check(address.split("%")[0]!, familyOf(address));

let warnedUntrustedProxy = false;

function untrustedProxy(peer: string): null {
  if (!warnedUntrustedProxy) {
    warnedUntrustedProxy = true;
    console.warn(
      `[sendwell] Requests arrive through a proxy at ${peer} that TRUST_PROXY does not name: limits cannot tell ` +
        `clients apart. Set TRUST_PROXY=true (or the number of proxies, or their addresses) if the proxy appends ` +
        `to X-Forwarded-For.`,
    );
  }
  return null;
}

/**
 * The client address of a request that came from `socketAddress` with these forwarding headers (undefined when
 * absent; `realIp`: whether it had X-Real-IP, never believed), or null when no trustworthy address is known.
 */
export function resolveClientAddress(
  trust: ProxyTrust,
  socketAddress: string | undefined,
  xff: string | undefined,
  forwarded: string | undefined,
  realIp = false,
): string | null {
  const peer = normaliseAddress(socketAddress);
  const carriesForwarding = xff !== undefined || forwarded !== undefined || realIp;
  if (trust.kind === "hops") {
    const chain = forwardedChain(xff, forwarded);
    // Our proxies appended the last `hops` entries; the one the outermost of them saw is the client.
    return normaliseAddress(chain[chain.length - trust.hops]);
  }
  if (!peer) return null;
  if (trust.kind === "none" || !trust.proxies.check(peer, familyOf(peer))) {
    return carriesForwarding && isNearby(peer) ? untrustedProxy(peer) : peer;
  }
  const chain = forwardedChain(xff, forwarded);
  let address = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(chain[i]);
    if (!hop) return null; // a listed proxy passed on something that is not an address: nothing to believe
    if (!trust.proxies.check(hop, familyOf(hop))) return hop;
    address = hop;
  }
  return address; // every hop was one of ours: the request started on our side
}

/** For tests: warn again. */
export function resetUntrustedProxyWarning() {
  warnedUntrustedProxy = false;
}
