// Who fetched a tracking URL: a person, Apple Mail Privacy Protection's proxy, or some other machine. Marketers
// judge a campaign by its opens and clicks, and since 2021 a large share of raw opens are not people: MPP fetches
// every image of every message on delivery, and corporate mail filters "click" every link to scan it. We keep every
// hit and label it, so stats can show raw and human figures side by side.
//
// The rules (classifyHit):
// 1. machine: a user agent of a known scanner, link checker, preview bot or HTTP library (MACHINE_AGENTS), or an
//    empty one. Those never set a recipient's openedAt/clickedAt.
// 2. mpp: the user agent is exactly "Mozilla/5.0". Apple's MPP proxy sends that and nothing else; no mail client
//    or browser of a person does. (Apple publishes no other stable signature; its proxies' addresses change, so we
//    do not match on IP.) An MPP open counts as an open (the message was delivered to an Apple Mail user) but is
//    also counted in mppAffected so a marketer can discount it.
// 3. human: everything else, including Gmail's GoogleImageProxy and Yahoo's mail proxy: those fetch images only
//    when the person opens the message.
// 4. prefetch (applied where the recipient's sentAt is known, i.e. by the rollup): a hit within PREFETCH_WINDOW_MS
//    of the recipient's send is a machine, whatever its agent: no person opens a message two seconds after it left.

export type HitClass = "human" | "mpp" | "machine";

export const PREFETCH_WINDOW_MS = 2_000;

/** Known mail-security scanners, link checkers, preview fetchers and HTTP libraries (case-insensitive). */
const MACHINE_AGENTS = new RegExp(
  [
    // mail security gateways and their URL detonation
    "barracuda",
    "mimecast",
    "proofpoint",
    "ppops",
    "safelinks",
    "microsoft defender",
    "microsoft office existence",
    "ms-office",
    "bingpreview",
    "symantec",
    "messagelabs",
    "trend ?micro",
    "forcepoint",
    "fortiguard",
    "sophos",
    "zscaler",
    "ironport",
    "avanan",
    "checkpoint",
    "cloudmark",
    "spamtitan",
    "hornetsecurity",
    // HTTP libraries and command-line clients
    "python-requests",
    "python-urllib",
    "aiohttp",
    "httpx",
    "\\bcurl/",
    "\\bwget",
    "go-http-client",
    "^java/",
    "okhttp",
    "apache-httpclient",
    "libwww-perl",
    "node-fetch",
    "axios/",
    "undici",
    // headless browsers and crawlers
    "headlesschrome",
    "phantomjs",
    "puppeteer",
    "bot\\b",
    "bot/",
    "crawler",
    "spider",
    "slurp",
    "facebookexternalhit",
    "linkpreview",
    "link preview",
    "linkcheck",
    "link checker",
    "scanner",
  ].join("|"),
  "i",
);

/** The class of a hit from its user agent alone (rules 1–3). */
export function classifyUserAgent(userAgent: string | null | undefined): HitClass {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return "machine";
  if (ua === "Mozilla/5.0") return "mpp";
  if (MACHINE_AGENTS.test(ua)) return "machine";
  return "human";
}

/** Rule 4: a hit this soon after the recipient's send is a prefetch by a machine. */
export function isPrefetch(at: Date, sentAt: Date | null): boolean {
  return sentAt !== null && at.getTime() - sentAt.getTime() < PREFETCH_WINDOW_MS;
}

/** The full rule, for callers that know the recipient's sentAt (the rollup applies the same rule in SQL). */
export function classifyHit(userAgent: string | null | undefined, at: Date, sentAt: Date | null): HitClass {
  const byAgent = classifyUserAgent(userAgent);
  return byAgent !== "machine" && isPrefetch(at, sentAt) ? "machine" : byAgent;
}
