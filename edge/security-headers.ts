// The protective headers every answer of the front server carries (edge/), whoever built the answer: the hot public
// routes the front server answers itself, and every page, route and file Next.js answers. A header the answer sets
// itself wins (the click redirect's `Referrer-Policy: no-referrer`, an upload's own `Content-Security-Policy`).
// - Framing: dashboard, sign-in and every other page refuse to be framed (clickjacking: a hidden "Delete" or
//   "Unsubscribe" button under a lure), both ways browsers know: CSP `frame-ancestors 'none'` and
//   `X-Frame-Options: DENY`. Exceptions keep what they need: landing pages (/f/…) may be framed by any site (a
//   marketer puts a sign-up page in an iframe), uploaded images (/uploads/…) are shown anywhere with their own
//   `default-src 'none'`, the embed script is a script, and the dashboard's own template thumbnails are framed by
//   the dashboard (same origin only).
// - `X-Content-Type-Options: nosniff` everywhere: a response is what its Content-Type says (an upload never runs).
// - `Referrer-Policy: strict-origin-when-cross-origin`: another site sees our origin, never a dashboard path or a
//   token in one (/u/<token>, /confirm/<token>).
// - HSTS when APP_URL is https (a year; not includeSubDomains: other hosts of the user's domain are not ours).

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

const DENY_FRAMING: HeaderList = [
  ["Content-Security-Policy", "frame-ancestors 'none'"],
  ["X-Frame-Options", "DENY"],
];
const SAME_ORIGIN_FRAMING: HeaderList = [
  ["Content-Security-Policy", "frame-ancestors 'self'"],
  ["X-Frame-Options", "SAMEORIGIN"],
];

/** Paths whose answers are meant to be framed or are not documents: no framing headers of ours. */
const FRAMABLE = [/^\/f\//, /^\/uploads\//, /^\/embed\.js$/];
/** Paths the dashboard frames itself. */
const SELF_FRAMED = [/^\/api\/dashboard\/template-previews\//];

const HSTS: HeaderList = [["Strict-Transport-Security", "max-age=31536000"]];
const ALWAYS: HeaderList = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
];

/** A dot segment, written or percent-encoded: the path Next.js serves is not the one the patterns would judge. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

function framing(pathname: string): HeaderList {
  if (DOT_SEGMENT.test(pathname)) return DENY_FRAMING;
  if (FRAMABLE.some((re) => re.test(pathname))) return [];
  if (SELF_FRAMED.some((re) => re.test(pathname))) return SAME_ORIGIN_FRAMING;
  return DENY_FRAMING;
}

/** The security headers for an answer at `pathname` (no query) of a Sendwell served at `appUrl`. */
export function securityHeaders(pathname: string, appUrl = process.env.APP_URL ?? ""): HeaderList {
  const https = /^https:\/\//i.test(appUrl);
  return [...ALWAYS, ...framing(pathname), ...(https ? HSTS : [])];
}
