import type { ContactStatus } from "@/lib/schemas/contacts";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const STATUS_LABELS: Record<ContactStatus, string> = {
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  pending: "Pending",
  bounced: "Bounced",
  complained: "Complained",
};

const tones: Record<ContactStatus, BadgeTone> = {
  subscribed: "green",
  unsubscribed: "neutral",
  pending: "amber",
  bounced: "red",
  complained: "red",
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  return <Badge tone={tones[status]}>{STATUS_LABELS[status]}</Badge>;
}
