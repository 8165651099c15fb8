// Where a submission came from, for analytics: the traffic source (UTM source, else the referring site, else
// Direct). The device class is the tracking's deviceOf (server/tracking/classify.ts). Pure.

const cut = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** utm_source of the page the form was on, if the page URL parses. */
export function utmSourceOf(pageUrl: string | null | undefined): string | null {
  if (!pageUrl || !URL.canParse(pageUrl)) return null;
  return cut(new URL(pageUrl).searchParams.get("utm_source"), 100);
}

/**
 * The traffic source: utm_source, else the referrer's host (without www.), else "Direct". A referrer on the form
 * page's own site is internal navigation, not a source.
 */
export function trafficSource(utmSource: string | null, referrer: string | null, pageUrl: string | null): string {
  if (utmSource) return utmSource.toLowerCase();
  if (referrer && URL.canParse(referrer)) {
    const host = new URL(referrer).hostname.replace(/^www\./, "");
    const pageHost = pageUrl && URL.canParse(pageUrl) ? new URL(pageUrl).hostname.replace(/^www\./, "") : null;
    if (host && host !== pageHost) return host.slice(0, 100);
  }
  return "Direct";
}

export { cut as clip };
