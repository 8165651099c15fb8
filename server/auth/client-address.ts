// The client address sign-in throttling and reset limits count against (docs/team-and-accounts.md, "Client
// address").
// - TRUST_PROXY=true (one proxy) or a number of proxies: the X-Forwarded-For entry the outermost trusted proxy
//   appended (entries to its left were written by the client and are ignored).
// - Otherwise the address of the connection. Next.js does not show the socket to route handlers or server actions,
//   and the X-Forwarded-For it fills from the socket keeps whatever a client sent instead, so `npm start` preloads
//   scripts/peer-address.mjs into the web server, which writes the socket's address into PEER_HEADER on every
//   request, over any value the client sent ("<address>", or "<address>; forwarded" when the request arrived
//   with forwarding headers). It is believed only when that preload runs in this process.
// - A connection from loopback or a private network that carries forwarding headers comes through a proxy nobody
//   told us about: its address is the proxy's, shared by every client, so it counts as no address (null) rather
//   than one bucket in which anyone could pause sign-in for everyone. A one-time log line says to set TRUST_PROXY.
// - null: no trustworthy address (also when Sendwell is served without the preload, e.g. plain `next start`).
import { BlockList, isIP } from "node:net";

export const PEER_HEADER = "x-sendwell-peer";
/** Set by scripts/peer-address.mjs in the process it runs in. */
const PRELOAD_FLAG = Symbol.for("sendwell.peerAddressHeader");

export function trustedProxyHops(setting = process.env.TRUST_PROXY): number {
  const value = setting?.trim().toLowerCase();
  if (!value || value === "false" || value === "0") return 0;
  if (value === "true") return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 && hops <= 10 ? hops : 0;
}

/** Whether the peer-address preload runs in this process (so PEER_HEADER was written by us, not by the client). */
export function peerHeaderTrusted(): boolean {
  return (globalThis as Record<symbol, unknown>)[PRELOAD_FLAG] === PEER_HEADER;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

const normalise = (address: string | undefined) => {
  const candidate = address?.trim().replace(/^::ffff:(?=\d+\.)/i, "");
  return candidate && isIP(candidate) ? candidate : null;
};

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

const isNearby = (address: string) => nearby.check(address.split("%")[0]!, isIP(address) === 6 ? "ipv6" : "ipv4");

let warnedUntrustedProxy = false;

/**
 * The client's address: as the nearest trusted proxy saw it (TRUST_PROXY), else the connection's, or null when no
 * trustworthy address is known. `peerTrusted` says whether PEER_HEADER can be believed (tests pass it).
 */
export function clientAddress(
  headers: HeaderBag,
  hops = trustedProxyHops(),
  peerTrusted = peerHeaderTrusted(),
): string | null {
  if (hops > 0) {
    const chain = (header(headers, "x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    // Our proxies appended the last `hops` entries; the one the outermost of them saw is the client.
    return normalise(chain[chain.length - hops]);
  }
  if (!peerTrusted) return null;
  const [socket, flag] = (header(headers, PEER_HEADER) ?? "").split(";");
  const peer = normalise(socket);
  if (!peer) return null;
  // Judged on the request as it arrived: Next.js adds an X-Forwarded-For of its own afterwards.
  if (flag?.trim() === "forwarded" && isNearby(peer)) {
    if (!warnedUntrustedProxy) {
      warnedUntrustedProxy = true;
      console.warn(
        `[sendwell] Requests arrive through a proxy at ${peer}, but TRUST_PROXY is unset: sign-in limits cannot ` +
          `tell clients apart. Set TRUST_PROXY=true (or the number of proxies) if the proxy appends to X-Forwarded-For.`,
      );
    }
    return null;
  }
  return peer;
}
