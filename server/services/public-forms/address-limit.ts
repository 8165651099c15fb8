// The per-address limits of the public form endpoints (submissions, view reports), one rule for both:
// - IPv6 counts by its /64, as sign-in does: one host commonly holds a whole /64 and could rotate through it.
// - A request whose address is unknown (it came through a proxy TRUST_PROXY does not name, so whatever address it
//   carries could have been written by the client) counts in one shared bucket, UNKNOWN_ADDRESS_SHARE times the
//   per-address limit, never in none: a forwarding header a client writes never switches the limit off. Behind such
//   a proxy every visitor shares that count until TRUST_PROXY is set (the server logs that once).
import { takeToken, type RateLimitResult } from "@/server/http/rate-limit";
import { addressBucket } from "@/server/services/users/sign-in-throttle";

export const UNKNOWN_ADDRESS_SHARE = 10;

/** One request of `scope` (e.g. "form-ip") from `address` against `perMinute`; refused ones take nothing. */
export function takeAddressToken(scope: string, address: string | null, perMinute: number): Promise<RateLimitResult> {
  const limit = address ? perMinute : perMinute * UNKNOWN_ADDRESS_SHARE;
  return takeToken(`${scope}:${addressBucket(address)}`, { limit, windowMs: 60_000 });
}
