"use client";
import type { OutboxSummary } from "@/lib/schemas/outbox";
import { DataTable, linkColumn, Truncate, type ListTableProps } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { KindBadge } from "./kind-badge";
import { MessageSource } from "./message-source";

type Props = ListTableProps<OutboxSummary>;

export function OutboxTable(props: Props) {
  return (
    <DataTable
      {...props}
      rowProps={() => ({ "data-testid": "outbox-row" })}
      columns={[
        { id: "to", header: "To", className: "max-w-56", cell: (m) => <Truncate text={m.toAddress} /> },
        // The subject is the link: it names the message, as an inbox does.
        linkColumn<OutboxSummary>({
          id: "subject",
          header: "Subject",
          className: "max-w-80",
          href: (m) => `/outbox/${m.id}`,
          text: (m) => m.subject,
          label: (m) => m.subject || "(no subject)",
        }),
        { id: "kind", header: "Kind", cell: (m) => <KindBadge kind={m.kind} /> },
        {
          id: "source",
          header: "Sent by",
          hideBelow: "md",
          className: "max-w-48 truncate text-slate-500",
          cell: (m) => <MessageSource message={m} className="hover:text-brand-700 hover:underline" />,
        },
        {
          id: "stored",
          header: "Stored",
          className: "whitespace-nowrap text-slate-500",
          cell: (m) => <RelativeTime iso={m.createdAt} />,
        },
      ]}
    />
  );
}
