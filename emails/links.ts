// Which URLs an email may link to, and how a link written with merge tags becomes one recipient's URL.
import { type MergeValues, mergeValue, replaceMergeTags } from "./merge-tags";

/**
 * http(s) with a host, or mailto: with something after it. Merge tags are allowed anywhere in the URL (they are
 * replaced, URL-encoded, per recipient), so the check runs on the URL with each tag replaced by a harmless word.
 */
export function isSafeLinkUrl(url: string): boolean {
  if (url.length === 0 || url.length > 2000 || /[\s<>"\\\u0000-\u001f]/.test(url)) return false;
  const probe = replaceMergeTags(url, () => "x");
  if (/^mailto:./i.test(probe)) return true;
  if (!/^https?:\/\//i.test(probe)) return false;
  try {
    return new URL(probe).hostname.length > 0;
  } catch {
    return false;
  }
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
