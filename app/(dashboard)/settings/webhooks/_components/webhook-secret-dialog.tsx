"use client";
import Link from "next/link";
import { SecretOnceDialog } from "@/components/ui/secret-once-dialog";
import { formatAbsolute } from "@/lib/format";

type WebhookSecretDialogProps = {
  /** The plaintext secret; null closes the dialog. */
  secret: string | null;
  reason: "created" | "rotated";
  /** Until when the previous secret still signs, after a rotation. */
  previousUntil?: string | null;
  onClose: () => void;
};

/** The API reference's Webhooks section, which carries the receiver's guide: signatures, retries, auto-disable. */
export const VERIFY_DOCS_HREF = "/docs/api#tag-Webhooks";

/** Shows a signing secret the only time it leaves the server: after creation and after a rotation. */
export function WebhookSecretDialog({ secret, reason, previousUntil, onClose }: WebhookSecretDialogProps) {
  return (
    <SecretOnceDialog
      secret={secret}
      title={reason === "created" ? "Webhook created" : "Signing secret rotated"}
      noun="signing secret"
      testId="webhook-secret"
      onClose={onClose}
    >
      <p className="mt-3 text-[13px] text-slate-500">
        Every request carries an <code className="font-mono text-slate-700">x-service-signature</code> header made with
        this secret. Check it before trusting a request:{" "}
        <Link href={VERIFY_DOCS_HREF} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          verifying signatures
        </Link>
        .
      </p>
      {reason === "rotated" && (
        <p className="mt-2 text-[13px] text-slate-500">
          The previous secret keeps signing alongside this one
          {previousUntil ? ` until ${formatAbsolute(previousUntil)}` : " for 24 hours"}, so you can deploy the new one
          without dropping requests.
        </p>
      )}
    </SecretOnceDialog>
  );
}
