"use client";
import Link from "next/link";
import type { OutboxSummary } from "@/lib/schemas/outbox";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { KindBadge } from "./kind-badge";

export function OutboxTable({ messages }: { messages: OutboxSummary[] }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>To</TH>
          <TH>Subject</TH>
          <TH>Kind</TH>
          <TH className="hidden md:table-cell">Broadcast</TH>
          <TH>Stored</TH>
        </tr>
      </THead>
      <TBody>
        {messages.map((m) => (
          <TR key={m.id} data-testid="outbox-row">
            <TD className="max-w-56 truncate text-slate-700" title={m.toAddress}>
              {m.toAddress}
            </TD>
            <TD className="max-w-80">
              {/* The subject is the link: it names the message, as an inbox does. */}
              <Link
                href={`/outbox/${m.id}`}
                className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                title={m.subject}
              >
                {m.subject || "(no subject)"}
              </Link>
            </TD>
            <TD>
              <KindBadge kind={m.kind} />
            </TD>
            <TD className="hidden max-w-48 truncate text-slate-500 md:table-cell">
              {m.broadcastId && m.broadcastName ? (
                <Link href={`/broadcasts/${m.broadcastId}`} className="hover:text-brand-700 hover:underline">
                  {m.broadcastName}
                </Link>
              ) : (
                "—"
              )}
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={m.createdAt} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
