"use client";
import type { Webhook } from "@/lib/schemas/webhooks";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";

export type WebhookState = "active" | "failing" | "disabled" | "auto-disabled";

/** The one reading of a webhook's status, so the list and the detail page never disagree. */
export function webhookState(w: Webhook): WebhookState {
  if (w.disabledAt) return "auto-disabled";
  if (!w.isActive) return "disabled";
  return w.consecutiveFailures > 0 ? "failing" : "active";
}

export function WebhookStatusBadge({ webhook }: { webhook: Webhook }) {
  switch (webhookState(webhook)) {
    case "auto-disabled":
      return <Badge tone="red">Disabled automatically</Badge>;
    case "disabled":
      return <Badge tone="neutral">Disabled</Badge>;
    case "failing":
      return <DotBadge tone="red" dot="bg-red-500" label="Failing" />;
    case "active":
      return <DotBadge tone="green" dot="bg-emerald-500" label="Active" />;
  }
}

/** A state of a webhook that is on (active or failing): a dot before its name. */
function DotBadge({ tone, dot, label }: { tone: "red" | "green"; dot: string; label: string }) {
  return (
    <Badge tone={tone}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${dot}`} />
      {label}
    </Badge>
  );
}

/** The line under a badge that says why: how many failures since when, or why Sendwell turned it off. */
export function WebhookStatusDetail({ webhook }: { webhook: Webhook }) {
  const state = webhookState(webhook);
  if (state === "failing") {
    return (
      <span className="text-[13px] text-red-700">
        {webhook.consecutiveFailures === 1 ? "1 failed attempt" : `${webhook.consecutiveFailures} failed attempts`}
        {webhook.lastFailureAt && (
          <>
            , last <RelativeTime iso={webhook.lastFailureAt} />
          </>
        )}
      </span>
    );
  }
  if (state === "auto-disabled" && webhook.disabledAt) {
    return (
      <span className="text-[13px] text-red-700">
        {disabledReasonText(webhook.disabledReason)} Turned off <RelativeTime iso={webhook.disabledAt} />.
      </span>
    );
  }
  return null;
}

/** The server's reason, without the "Disabled automatically" that the badge beside it already says. */
export function disabledReasonText(reason: string | null): string {
  if (!reason) return "Its endpoint kept failing.";
  const rest = reason.replace(/^Disabled automatically\s+/i, "");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
