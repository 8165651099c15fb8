import Link from "next/link";
import type { OutboxSummary } from "@/lib/schemas/outbox";

/** What sent the message: its broadcast or its automation, linked; "—" for tests and transactional mail. */
export function MessageSource({ message: m, className }: { message: OutboxSummary; className?: string }) {
  if (m.broadcastId && m.broadcastName)
    return (
      <Link href={`/broadcasts/${m.broadcastId}`} className={className}>
        {m.broadcastName}
      </Link>
    );
  if (m.automationId && m.automationName)
    return (
      <Link href={`/automations/${m.automationId}`} className={className}>
        Automation: {m.automationName}
      </Link>
    );
  return <>—</>;
}
