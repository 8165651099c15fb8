import type { OutboxKind } from "@/lib/schemas/outbox";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<OutboxKind, BadgeTone> = {
  broadcast: "brand",
  test: "amber",
  transactional: "blue",
  invitation: "green",
};

export function KindBadge({ kind }: { kind: OutboxKind }) {
  return <Badge tone={tones[kind]}>{kind}</Badge>;
}
