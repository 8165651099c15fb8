// A compiled email is text with holes. React renders the email once with each hole written as a sentinel of
// private-use characters (which React, html-to-text and sanitize-html all pass through untouched); splitting the
// output at the sentinels gives a Template that personalize() fills per recipient with string concatenation.
import { MERGE_TAG } from "@/lib/email-content/merge-tags";

export type Slot =
  | { slot: "merge"; key: string; fallback: string | null }
  | { slot: "link"; position: number }
  | { slot: "unsubscribe" }
  | { slot: "pixel" };

/** Literal text and slots, in order. Plain JSON: a compiled email can be cached or stored as it is. */
export type Template = (string | Slot)[];

export type CompiledEmail = {
  subject: Template;
  html: Template;
  text: Template;
  /** Every distinct link URL of the content as written (merge tags unresolved), in order of first appearance. */
  links: string[];
};

const OPEN = "\uE000";
const CLOSE = "\uE001";
// Kinds are digits so that html-to-text's upper-casing of headings cannot change a sentinel.
const KIND = { merge: "0", link: "1", unsubscribe: "2", pixel: "3" } as const;
const SENTINEL = /\uE000(\d)\.(\d+)\uE001/g;

/** Removes sentinel characters from author content, so no text can forge a slot. */
export function stripSentinelChars(text: string): string {
  return text.includes(OPEN) || text.includes(CLOSE) ? text.replace(/[\uE000\uE001]/g, "") : text;
}

/** Hands out sentinels while the email renders and remembers what each stands for. */
export class SlotRecorder {
  readonly links: string[] = [];
  private readonly linkIndex = new Map<string, number>();
  private readonly merges: Slot[] = [];
  private readonly mergeIndex = new Map<string, number>();

  merge(key: string, fallback: string | null): string {
    const id = `${key}|${fallback ?? "\u0000"}`;
    let n = this.mergeIndex.get(id);
    if (n === undefined) {
      n = this.merges.push({ slot: "merge", key, fallback }) - 1;
      this.mergeIndex.set(id, n);
    }
    return `${OPEN}${KIND.merge}.${n}${CLOSE}`;
  }

  /** A link's href; the same URL written twice is one link (one position, one BroadcastLink row). */
  link(url: string): string {
    let n = this.linkIndex.get(url);
    if (n === undefined) {
      n = this.links.push(url) - 1;
      this.linkIndex.set(url, n);
    }
    return `${OPEN}${KIND.link}.${n}${CLOSE}`;
  }

  unsubscribe(): string {
    return `${OPEN}${KIND.unsubscribe}.0${CLOSE}`;
  }

  pixel(): string {
    return `${OPEN}${KIND.pixel}.0${CLOSE}`;
  }

  /** Merge tags in plain text (a subject, alt text) become merge sentinels. */
  mergeTags(text: string): string {
    return text.replace(MERGE_TAG, (_, key: string, fallback: string | undefined) => this.merge(key, fallback ?? null));
  }

  /** Splits rendered output into a Template. */
  split(rendered: string): Template {
    const parts: Template = [];
    let last = 0;
    for (const m of rendered.matchAll(SENTINEL)) {
      if (m.index > last) parts.push(rendered.slice(last, m.index));
      parts.push(this.slotFor(m[1]!, Number(m[2])));
      last = m.index + m[0].length;
    }
    if (last < rendered.length) parts.push(rendered.slice(last));
    return parts;
  }

  private slotFor(kind: string, n: number): Slot {
    if (kind === KIND.link) return { slot: "link", position: n };
    if (kind === KIND.unsubscribe) return { slot: "unsubscribe" };
    if (kind === KIND.pixel) return { slot: "pixel" };
    const merge = this.merges[n];
    if (!merge) throw new Error(`Unknown merge slot ${n}`);
    return merge;
  }
}

/** Drops the open-pixel sentinel (the plain-text part has no image). */
export function withoutPixel(rendered: string): string {
  return rendered.replaceAll(`${OPEN}${KIND.pixel}.0${CLOSE}`, "");
}
