import type { ReactNode } from "react";
import type { OutboxMessage } from "@/lib/schemas/outbox";
import { EmailFrame } from "@/components/broadcasts/email-frame";
import { BackLink } from "@/components/ui/back-link";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { RelativeTime } from "@/components/ui/relative-time";
import { KindBadge } from "../../_components/kind-badge";
import { MessageSource } from "../../_components/message-source";

/** Headers a reader checks first (unsubscribe compliance), shown above the rest. */
const FIRST = ["list-unsubscribe", "list-unsubscribe-post"];

export function MessageView({ message: m }: { message: OutboxMessage }) {
  const headers = Object.entries(m.headers).sort(
    ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, "en", { sensitivity: "base" }),
  );
  return (
    <>
      <BackLink href="/outbox">Outbox</BackLink>
      <div className="mb-5 flex flex-wrap items-center gap-2.5">
        <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words text-slate-900">
          {m.subject || "(no subject)"}
        </h1>
        <KindBadge kind={m.kind} />
      </div>

      <Card className="mb-6">
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-2">
          <Fact label="From">{m.fromAddress}</Fact>
          <Fact label="To">{m.toAddress}</Fact>
          <Fact label="Stored">
            <RelativeTime iso={m.createdAt} />
          </Fact>
          <Fact label="Sent by">
            <MessageSource message={m} className="text-brand-700 hover:underline" />
          </Fact>
        </dl>
        <div className="border-t border-slate-200 px-5 py-4">
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Headers</h2>
          {headers.length === 0 ? (
            <p className="text-[13px] text-slate-500">No extra headers.</p>
          ) : (
            <dl className="space-y-1 font-mono text-xs" data-testid="outbox-headers">
              {headers.map(([name, value]) => (
                <div key={name} className="flex gap-2">
                  <dt className="shrink-0 text-slate-500">{name}:</dt>
                  <dd className="min-w-0 break-all text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </Card>

      <Card className="mb-6">
        <CardHeader
          title="HTML"
          description="Links are live and open in a new tab: they go through this server's click tracking, and the images load its open pixel, as a real mail client would."
        />
        <EmailFrame html={m.html} title={`Email to ${m.toAddress}: ${m.subject}`} />
      </Card>

      <Card>
        <CardHeader title="Plain text" actions={<CopyButton value={m.text} />} />
        <pre
          aria-label="Plain-text part"
          tabIndex={0}
          className="max-h-[32rem] overflow-auto px-5 py-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {m.text || "(empty)"}
        </pre>
      </Card>
    </>
  );
}

function rank(name: string) {
  const i = FIRST.indexOf(name.toLowerCase());
  return i === -1 ? FIRST.length : i;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-all text-slate-800">{children}</dd>
    </div>
  );
}
