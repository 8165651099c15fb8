import type { BroadcastStatus } from "@/lib/schemas/broadcasts";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const BROADCAST_STATUS_LABELS: Record<BroadcastStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
};

const tones: Record<BroadcastStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "blue",
  sending: "brand",
  sent: "green",
};

/** A paused send is still `sending` (spec §3.1); the badge says paused so nobody waits for it to move. */
export function BroadcastStatusBadge({ status, paused }: { status: BroadcastStatus; paused?: boolean }) {
  if (status === "sending" && paused) return <Badge tone="amber">Paused</Badge>;
  return (
    <Badge tone={tones[status]}>
      {status === "sending" && (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
      )}
      {BROADCAST_STATUS_LABELS[status]}
    </Badge>
  );
}
