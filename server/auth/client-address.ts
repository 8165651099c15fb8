// The client address sign-in throttling, reset limits, form limits and stored submission addresses count against
// (docs/team-and-accounts.md, "Client address"): one value per request, computed once by the front server (edge/)
// from the connection and TRUST_PROXY (edge/client-address.ts), and read here, by every limit and every stored IP.
// - The front server removes every client-sent X-Forwarded-For, Forwarded, X-Real-IP and CLIENT_ADDRESS_HEADER and
//   writes the address it resolved into CLIENT_ADDRESS_HEADER (absent when no trustworthy address is known: an
//   untrusted proxy in front, or a forwarded chain that does not parse).
// - The header is believed only when the front server runs in this process (it marks the process at start), so a
//   Sendwell served without it (plain `next start`) counts no address at all rather than one a client wrote.
// - null: no trustworthy address. Callers count such requests in one shared bucket or not per address at all.
import { isIP } from "node:net";

export const CLIENT_ADDRESS_HEADER = "x-sendwell-client-address";
/** Set by the front server (edge/server.ts) in the process it runs in. */
const FRONT_SERVER_FLAG = Symbol.for("sendwell.frontServer");

/** Called by the front server before it listens: from then on CLIENT_ADDRESS_HEADER is ours, never a client's. */
export function markFrontServer(): void {
  (globalThis as Record<symbol, unknown>)[FRONT_SERVER_FLAG] = CLIENT_ADDRESS_HEADER;
}

/** Whether the front server runs in this process (so CLIENT_ADDRESS_HEADER was written by it, not by the client). */
export function frontServerRuns(): boolean {
  return (globalThis as Record<symbol, unknown>)[FRONT_SERVER_FLAG] === CLIENT_ADDRESS_HEADER;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The client's address as the front server resolved it, or null when no trustworthy address is known.
 * `trusted` says whether CLIENT_ADDRESS_HEADER can be believed (tests pass it).
 */
export function clientAddress(headers: HeaderBag, trusted = frontServerRuns()): string | null {
  if (!trusted) return null;
  const value = header(headers, CLIENT_ADDRESS_HEADER);
  return value && isIP(value) ? value : null;
}
