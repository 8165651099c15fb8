// Placeholder until the bounce mailbox's own card lands (issue 24, H2 "mailbox" replaces this file with the
// mailbox's configuration and status). It says only what is true without it: SMTP bounces need that mailbox.
import { Card, CardBody, CardHeader } from "@/components/ui/card";

export function BounceMailboxCard() {
  return (
    <Card>
      <CardHeader
        title="Bounce mailbox"
        description="Where bounces and complaints of mail sent through SMTP come back to."
      />
      <CardBody>
        <p className="text-sm text-slate-600">
          Mail sent through a provider (Amazon SES, Postmark, SendGrid, Mailgun, Resend) reports bounces and complaints
          through its webhook: see each sending identity for its URL. Mail sent through plain SMTP reports them to a
          bounce mailbox the server reads, set up by the server&apos;s administrator (see the README, “Deliverability”).
        </p>
      </CardBody>
    </Card>
  );
}
