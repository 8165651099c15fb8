"use client";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { Badge, type BadgeTone } from "@/components/ui/badge";

/** "200", "Failed · 500", "Failed · Connection refused": the HTTP status when one came back, else the error. */
export function DeliveryStatusBadge({ delivery }: { delivery: WebhookDelivery }) {
  const ok = delivery.status === "success";
  const detail = delivery.responseStatus !== null ? String(delivery.responseStatus) : (delivery.error ?? "No response");
  return (
    <span title={delivery.error ?? undefined} className="inline-flex max-w-56">
      <Badge tone={ok ? "green" : "red"} className="max-w-full">
        <span className="shrink-0">{ok ? "Succeeded" : "Failed"}</span>
        <span aria-hidden="true">·</span>
        <span className="truncate font-mono">{detail}</span>
      </Badge>
    </span>
  );
}

const triggerTones: Record<WebhookDelivery["trigger"], BadgeTone> = {
  event: "neutral",
  redelivery: "blue",
  test: "brand",
};
const triggerLabels: Record<WebhookDelivery["trigger"], string> = {
  event: "Event",
  redelivery: "Redelivery",
  test: "Test",
};

export function TriggerBadge({ trigger }: { trigger: WebhookDelivery["trigger"] }) {
  return <Badge tone={triggerTones[trigger]}>{triggerLabels[trigger]}</Badge>;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
