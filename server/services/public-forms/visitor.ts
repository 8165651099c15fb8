// Where a submission came from, for analytics: the traffic source (UTM source, else the referring site, else
// Direct). The device class is deviceOf (lib/user-agent.ts), as for tracking hits. Pure.

/** Trimmed text cut to `max` characters; null when empty. */
export const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** utm_source of the page the form was on, if the page URL parses. */
export function utmSourceOf(pageUrl: string | null | undefined): string | null {
  if (!pageUrl || !URL.canParse(pageUrl)) return null;
  return clip(new URL(pageUrl).searchParams.get("utm_source"), 100);
}

/**
 * The traffic source: utm_source, else the referrer's host (without www.), else "Direct". A referrer on the form
 * page's own site is internal navigation, not a source.
 */
export function trafficSource(utmSource: string | null, referrer: string | null, pageUrl: string | null): string {
  if (utmSource) return utmSource.toLowerCase();
  const host = hostOf(referrer);
  if (host && host !== hostOf(pageUrl)) return host.slice(0, 100);
  return "Direct";
}

const hostOf = (url: string | null) => (url && URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, "") : null);
