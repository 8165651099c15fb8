// The server's bounce mailbox (BOUNCE_IMAP_*): where bounces and complaints of mail sent through SMTP come back, how
// it is set up (host, user, folder; never the password) and what the worker's last polls did. A server component:
// the settings come from the environment and the status from the worker's row.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import {
  getBounceMailboxStatus,
  type BounceMailboxCardData,
} from "@/server/services/deliverability/get-bounce-mailbox-status";

const TLS = { implicit: "TLS", starttls: "STARTTLS", none: "none (plain text)" } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function badgeOf(data: BounceMailboxCardData) {
  if (data.state === "off") return <Badge>Not set up</Badge>;
  if (data.state === "error") return <Badge tone="red">Settings wrong</Badge>;
  if (data.status?.lastError) return <Badge tone="red">Failing</Badge>;
  if (!data.status?.lastPollAt) return <Badge tone="amber">Not read yet</Badge>;
  return <Badge tone="green">Reading</Badge>;
}

export async function BounceMailboxCard() {
  const data = await getBounceMailboxStatus();
  const { mailbox, status } = data;
  return (
    <Card>
      <CardHeader
        title="Bounce mailbox"
        description="Where bounces and complaints of mail sent through SMTP come back to."
        actions={badgeOf(data)}
      />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-600">
          Mail sent through SMTP carries a return path that names its recipient. Bounces and complaints go to a mailbox
          the worker reads over IMAP; each one found suppresses its contact by the rules above. Mail sent through a
          provider (Amazon SES, Postmark, SendGrid, Mailgun, Resend) reports through its webhook instead.
        </p>
        {data.state === "off" && (
          <Notice>
            No bounce mailbox is set up on this server. The administrator sets BOUNCE_IMAP_HOST, BOUNCE_IMAP_USER and
            BOUNCE_IMAP_PASS (see the README, “Bounces from SMTP”).
          </Notice>
        )}
        {data.settingsError && <Notice tone="error">The mailbox is not read: {data.settingsError}</Notice>}
        {status?.lastError && data.state === "on" && (
          <Notice tone="error">
            The last read failed
            {status.lastErrorAt && (
              <>
                {" "}
                (<RelativeTime iso={status.lastErrorAt} />)
              </>
            )}
            : {status.lastError}
          </Notice>
        )}
        {mailbox && (
          <dl className="divide-y divide-slate-100">
            <Row label="Server">
              {mailbox.host}:{mailbox.port} · {TLS[mailbox.tls]}
            </Row>
            <Row label="User">{mailbox.user}</Row>
            <Row label="Folder">{mailbox.mailbox}</Row>
            <Row label="After reading">
              {mailbox.after === "delete" ? "Deleted" : "Moved to Sendwell/Processed"}; mail it cannot match goes to
              Sendwell/Unrecognised
            </Row>
            <Row label="Read every">{mailbox.pollSeconds} s</Row>
            <Row label="Bounce domain">
              {data.bounceDomain ?? "bounce.<your sending domain> (no server-wide BOUNCE_DOMAIN)"}
            </Row>
          </dl>
        )}
        {status && data.state === "on" && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ["Last read", status.lastPollAt ? <RelativeTime key="t" iso={status.lastPollAt} /> : "Never"],
              ["Messages read", status.processed.toLocaleString("en-US")],
              ["Applied", status.applied.toLocaleString("en-US")],
              ["Unrecognised", status.unrecognised.toLocaleString("en-US")],
            ].map(([label, value]) => (
              <div key={String(label)} className="rounded-md bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
