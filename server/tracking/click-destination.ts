// Where a recorded link sends one recipient: the URL as recorded at send time, with its merge tags (if any) filled
// from the recipient's values by the renderer's own rule, so a tag in a link means the same as in the email.
import "server-only";
import { resolveLinkUrl } from "@/emails/links";
import type { ClickTarget } from "./record-hit";

export function clickDestination(target: ClickTarget): string | null {
  const url = target.url.includes("{{") ? resolveLinkUrl(target.url, target.values) : target.url;
  // Recorded links were checked when the content was written; this holds even if a stored row was not.
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : null;
}
