// One recipient's email from a compiled template: string concatenation only. This runs for every recipient of
// every send, so by design it imports no React and renders nothing (emails/personalize.test.ts checks the imports).
import { type MergeValues, mergeValue } from "@/lib/email-content/merge-tags";
import type { CompiledEmail, Template } from "./template";

export type PersonalizeContext = {
  values: MergeValues;
  /**
   * The href for the link at `position` of compiled.links (`url` is that link as written, merge tags unresolved).
   * Senders return their click-tracking URL; the click redirect later calls resolveLinkUrl(url, values).
   */
  linkHref: (position: number, url: string) => string;
  /** The 1×1 open pixel's URL, or null for no pixel (previews, test sends, tracking off). */
  openPixelUrl: string | null;
  unsubscribeUrl: string;
};

export type PersonalizedEmail = { subject: string; html: string; text: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Safe in element text and in quoted attribute values alike, which is where slots sit. */
export function escapeHtml(value: string): string {
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : value;
}

export function personalize(compiled: CompiledEmail, ctx: PersonalizeContext): PersonalizedEmail {
  const hrefs = new Map<number, string>();
  const href = (position: number) => {
    let value = hrefs.get(position);
    if (value === undefined) {
      value = ctx.linkHref(position, compiled.links[position] ?? "");
      hrefs.set(position, value);
    }
    return value;
  };
  const pixel = ctx.openPixelUrl
    ? `<img src="${escapeHtml(ctx.openPixelUrl)}" width="1" height="1" alt="" ` +
      `style="display:block;width:1px;height:1px;border:0;margin:0;padding:0" />`
    : "";
  return {
    // A subject is a header: a value's line breaks would start a new header line.
    subject: fill(compiled.subject, ctx, (v) => v.replace(/[\r\n]+/g, " "), href, ""),
    html: fill(compiled.html, ctx, escapeHtml, href, pixel),
    text: fill(compiled.text, ctx, (v) => v, href, ""),
  };
}

function fill(
  template: Template,
  ctx: PersonalizeContext,
  escape: (value: string) => string,
  href: (position: number) => string,
  pixel: string,
): string {
  let out = "";
  for (const part of template) {
    if (typeof part === "string") out += part;
    else if (part.slot === "merge") out += escape(mergeValue(ctx.values, part.key, part.fallback));
    else if (part.slot === "link") out += escape(href(part.position));
    else if (part.slot === "unsubscribe") out += escape(ctx.unsubscribeUrl);
    else out += pixel;
  }
  return out;
}
