// Where a recorded link sends one recipient: the URL as recorded at send time, with its merge tags (if any) filled
// from the recipient's values by the renderer's own rule, so a tag in a link means the same as in the email.
import "server-only";
import { fallbackLinkUrl, resolveLinkUrl } from "@/lib/email-content/links";
import type { ClickTarget } from "./record-hit";

export function clickDestination(target: ClickTarget): string | null {
  if (!target.url.includes("{{")) return followable(target.url);
  const personal = resolveLinkUrl(target.url, target.values);
  // Recipient data may fill a link's path, query and fragment, never choose where it goes. Content is refused with
  // a merge tag in a link's scheme or host since that rule (lib/email-content/links.ts), but a broadcast sent before it, or a
  // row written by hand, may still hold one: when the recipient's values move the link off the origin its author
  // wrote (every tag at its fallback), the click goes to that written link instead, or nowhere (404) if there is
  // none. Never to a host a contact's field (which any form visitor sets) names.
  const written = fallbackLinkUrl(target.url);
  return sameDestination(personal, written) ? followable(personal) : followable(written);
}

/** Recorded links were checked when the content was written; this holds even if a stored row was not. */
function followable(url: string): string | null {
  if (/^mailto:/i.test(url)) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).hostname ? url : null;
  } catch {
    return null;
  }
}

/** Same scheme, userinfo, host and port: all a merge value must not change. (mailto: has no host to move.) */
function sameDestination(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    if (x.protocol !== y.protocol) return false;
    if (x.protocol === "mailto:") return true;
    return x.origin === y.origin && x.username === y.username && x.password === y.password;
  } catch {
    return false;
  }
}
