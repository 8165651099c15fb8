"use client";
import Link from "next/link";
import type { Webhook } from "@/lib/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RefreshIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { VERIFY_DOCS_HREF } from "../../_components/webhook-secret-dialog";

// What a receiver runs; kept short enough to read in the card, the API docs have the full explanation.
const VERIFY_SNIPPET = `// x-service-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]
const [t, ...sigs] = header.split(",");
const expected = Buffer.from("v1=" + createHmac("sha256", secret)
  .update(\`\${t.slice(2)}.\${rawBody}\`).digest("hex"));
const ok = sigs.some((s) => s.length === expected.length
  && timingSafeEqual(Buffer.from(s), expected));`;

export function SigningSecretCard({
  webhook,
  onRotate,
  rotating,
}: {
  webhook: Webhook;
  onRotate: () => void;
  rotating: boolean;
}) {
  return (
    <Card>
      <CardHeader
        title="Signing secret"
        description="Sendwell signs every request with this endpoint's secret."
        actions={
          <Button variant="secondary" size="sm" onClick={onRotate} loading={rotating}>
            <RefreshIcon />
            Rotate secret
          </Button>
        }
      />
      <CardBody className="space-y-3 text-sm text-slate-600">
        <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <code aria-label="Secret, hidden" className="font-mono text-[13px] tracking-wider text-slate-400">
            whsec_••••••••••••••••••••
          </code>
        </div>
        <p className="text-[13px]">
          The secret is shown only once, when the webhook is created or its secret rotated. Lost it? Rotate it.
        </p>
        {webhook.previousSecretExpiresAt && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-[13px] text-amber-900">
            The previous secret still signs too, so both verify during the switch. It stops{" "}
            <RelativeTime iso={webhook.previousSecretExpiresAt} />.
          </p>
        )}
        <p className="text-[13px]">
          Check the <code className="font-mono text-slate-800">x-service-signature</code> header: an HMAC-SHA256 of{" "}
          <code className="font-mono text-slate-800">{"{t}.{raw body}"}</code> keyed with the whole secret. Reject old
          timestamps and de-duplicate on <code className="font-mono text-slate-800">x-service-event-id</code>.
        </p>
        <details className="group rounded-lg border border-slate-200">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-[13px] font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
            Example: verify in Node.js
          </summary>
          <pre className="overflow-x-auto rounded-b-lg bg-slate-900 px-3 py-2.5 font-mono text-[11px] leading-relaxed text-slate-100">
            {VERIFY_SNIPPET}
          </pre>
        </details>
        <Link
          href={VERIFY_DOCS_HREF}
          className="inline-block rounded text-[13px] font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Verifying signatures in the API docs →
        </Link>
      </CardBody>
    </Card>
  );
}
