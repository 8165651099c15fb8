// Which URLs an email may link to, and how a link written with merge tags becomes one recipient's URL.
import { MERGE_TAG, type MergeValues, mergeValue, replaceMergeTags } from "./merge-tags";

/** Why a URL cannot be an email link: not an http(s)/mailto: URL, or a merge tag where the destination is chosen. */
export type LinkUrlProblem = "invalid" | "merge-tag-in-origin";

/** What the API, the composer and the block schema say about each problem: one sentence everywhere. */
export const LINK_URL_DETAILS: Record<LinkUrlProblem, string> = {
  invalid: "Must be an http(s) URL or a mailto: address (merge tags allowed, e.g. ?ref={{email}}).",
  "merge-tag-in-origin":
    "Merge tags may fill a link's path, query or fragment, never its scheme or host: write the address out " +
    "(https://shop.example/…) and put tags after it.",
};

const FIRST_MERGE_TAG = new RegExp(MERGE_TAG.source);
const SCHEMES = ["http://", "https://", "mailto:"];
/** An http(s) URL's scheme and authority written out in full, ended by the path, the query or the fragment. */
const WRITTEN_ORIGIN = /^https?:\/\/[^/?#]+[/?#]/i;

/**
 * Why `url` cannot be a link in an email, or null when it can: http(s) with a host, or mailto: with something after
 * it. Merge tags are replaced, URL-encoded, per recipient; they may fill the path, query and fragment only. Before
 * the first tag, the scheme and the authority (userinfo, host, port) must be written out, or recipient data (which a
 * form visitor types) would choose where a click tracked on the sender's domain lands: an open redirect.
 */
export function linkUrlProblem(url: string): LinkUrlProblem | null {
  if (url.length === 0 || url.length > 2000 || /[\s<>"\\\u0000-\u001f]/.test(url)) return "invalid";
  const tagAt = FIRST_MERGE_TAG.exec(url)?.index;
  if (tagAt !== undefined) {
    const before = url.slice(0, tagAt).toLowerCase();
    const inScheme = SCHEMES.some((scheme) => scheme.startsWith(before) && scheme !== before);
    if (inScheme || (/^https?:\/\//.test(before) && !WRITTEN_ORIGIN.test(before))) return "merge-tag-in-origin";
  }
  // The rest of the shape is checked with each tag replaced by a harmless word.
  const probe = replaceMergeTags(url, () => "x");
  if (/^mailto:./i.test(probe)) return null;
  if (!/^https?:\/\//i.test(probe)) return "invalid";
  try {
    return new URL(probe).hostname.length > 0 ? null : "invalid";
  } catch {
    return "invalid";
  }
}

export function isSafeLinkUrl(url: string): boolean {
  return linkUrlProblem(url) === null;
}

/** An image source: http(s) only, no merge tags (images are fetched by mail clients and proxies, not per person). */
export function isSafeImageUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url) || /[\s<>"\\{}\u0000-\u001f]/.test(url)) return false;
  try {
    return new URL(url).hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * One recipient's URL for a link recorded as written (`https://shop.example/?e={{email}}`): each merge value is
 * encodeURIComponent'd, so a value can add neither a path, a query parameter nor a scheme. The click redirect calls
 * this with the recipient's values; the preview and test sends call it with sample values.
 */
export function resolveLinkUrl(url: string, values: MergeValues): string {
  return replaceMergeTags(url, (key, fallback) => encodeURIComponent(mergeValue(values, key, fallback)));
}

/** Every merge tag at its fallback (or empty): the link as its author wrote it, with no recipient's data in it. */
export function fallbackLinkUrl(url: string): string {
  return replaceMergeTags(url, (_, fallback) => encodeURIComponent((fallback ?? "").trim()));
}
