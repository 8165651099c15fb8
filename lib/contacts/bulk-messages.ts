// What a bulk change says to the person who started it: the progress line while it runs and the toast when it is
// done. Pure and client-safe, shared by the contacts page and the tests.
import { formatNumber } from "@/lib/format";

export const BULK_ACTIONS = ["tag", "untag", "unsubscribe", "delete"] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

export type BulkProgress = {
  id: string;
  action: BulkActionKind;
  status: "queued" | "running" | "completed" | "failed";
  tagName: string | null;
  total: number;
  processed: number;
  changed: number;
  error: string | null;
};

export const contactsLabel = (n: number) => `${formatNumber(n)} ${n === 1 ? "contact" : "contacts"}`;

const VERB: Record<BulkActionKind, string> = {
  tag: "Tagging",
  untag: "Removing a tag from",
  unsubscribe: "Unsubscribing",
  delete: "Deleting",
};

/** "Tagging 318 contacts…" (the bar shows "120 / 318" beside it). */
export function bulkProgressLabel(p: Pick<BulkProgress, "action" | "total">): string {
  return `${VERB[p.action]} ${contactsLabel(p.total)}…`;
}

/**
 * The result as counts a person can check: "318 tagged, 12 already had the tag". Unchanged contacts are named for
 * what they were (already tagged, not tagged, already unsubscribed, bounced or complained, deleted meanwhile).
 */
export function bulkResultMessage(p: Pick<BulkProgress, "action" | "processed" | "changed" | "tagName">): string {
  const { changed, processed } = p;
  const rest = Math.max(0, processed - changed);
  const n = formatNumber(changed);
  const tag = p.tagName ? `“${p.tagName}”` : "the tag";
  const skipped = (text: string) => (rest > 0 ? `, ${formatNumber(rest)} ${text}` : "");
  switch (p.action) {
    case "tag":
      return `${n} tagged with ${tag}${skipped("already had it")}.`;
    case "untag":
      return `${tag} removed from ${contactsLabel(changed)}${skipped("did not have it")}.`;
    case "unsubscribe":
      return `${n} unsubscribed${skipped("skipped (already unsubscribed, bounced or complained)")}.`;
    case "delete":
      return `${contactsLabel(changed)} deleted${skipped("were already gone")}.`;
  }
}

/** Percentage for the progress bar, 0 while the total is unknown. */
export function bulkPercent(p: Pick<BulkProgress, "processed" | "total">): number {
  if (p.total <= 0) return 0;
  return Math.min(100, Math.round((p.processed / p.total) * 100));
}
