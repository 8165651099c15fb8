// Delivery status notifications (RFC 3464, and RFC 6533's message/global-delivery-status): a per-message group of
// fields, then one group per recipient with its Action (failed, delayed, delivered, relayed, expanded), Status
// (an RFC 3463 code) and Diagnostic-Code (the remote server's reply).
import { detailOf, severity } from "./classify";
import { addressOf, fieldGroups, first } from "./fields";
import type { ReportedEvent } from "./types";

const VERP_LIKE = /^bounce-[0-9a-z]+-[0-9a-f]+@/i;

/** Failures and delays the report lists; successes (delivered, relayed, expanded) say nothing to act on. */
export function dsnEvents(report: string): ReportedEvent[] {
  const events: ReportedEvent[] = [];
  for (const group of fieldGroups(report)) {
    const recipient = first(group, "final-recipient") ?? first(group, "original-recipient");
    if (!recipient) continue; // the per-message group
    const status = first(group, "status");
    const diagnostic = first(group, "diagnostic-code");
    const action =
      first(group, "action")
        ?.toLowerCase()
        .split(/[\s(;]/)[0] ?? (status?.trim().startsWith("4") ? "delayed" : "failed");
    if (action !== "failed" && action !== "delayed") continue;
    // The address as we gave it (Original-Recipient) before aliases rewrote it; never our own return path, which some
    // servers write there.
    const email =
      [first(group, "original-recipient"), first(group, "final-recipient")]
        .map(addressOf)
        .find((a) => a !== null && !VERP_LIKE.test(a)) ?? null;
    const detail = detailOf(status, diagnostic);
    events.push(
      action === "delayed"
        ? { email, kind: "delayed", bounceType: null, detail }
        : { email, kind: "bounced", bounceType: severity(status, diagnostic).bounceType, detail },
    );
  }
  return events.slice(0, 50);
}
