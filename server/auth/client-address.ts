// The client address sign-in throttling counts against (README, Configuration: TRUST_PROXY). X-Forwarded-For is
// written by whoever sent the request, so it is believed only when the operator says a proxy in front appends to
// it: TRUST_PROXY=true (one proxy) or a number of proxies, whose entries are skipped from the right. Without it
// we have no trustworthy address — Next.js route handlers do not expose the socket, and Next itself copies the
// socket address into X-Forwarded-For only when the client sent none — so there is no address to count: a shared
// bucket for every client would let anyone pause password sign-in for everyone with 30 wrong guesses.
import { isIP } from "node:net";

export function trustedProxyHops(setting = process.env.TRUST_PROXY): number {
  const value = setting?.trim().toLowerCase();
  if (!value || value === "false" || value === "0") return 0;
  if (value === "true") return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops > 0 && hops <= 10 ? hops : 0;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : value;
}

/** The client's address as the nearest trusted proxy saw it, or null when no trustworthy address is known. */
export function clientAddress(headers: HeaderBag, hops = trustedProxyHops()): string | null {
  if (hops === 0) return null;
  const chain = (header(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  // Our proxies appended the last `hops` entries; the one the outermost of them saw is the client.
  const candidate = chain[chain.length - hops]?.replace(/^::ffff:(?=\d+\.)/, "");
  return candidate && isIP(candidate) ? candidate : null;
}
