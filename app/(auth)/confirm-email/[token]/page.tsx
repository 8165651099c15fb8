import type { Metadata } from "next";
import { AuthCard, ClosedLinkCard } from "../../_components/auth-card";
import { inspectAccountToken } from "@/server/services/account/account-token";
import { CONFIRM_LINK_PROBLEM } from "@/server/services/account/email-change";
import { ConfirmEmailForm } from "./_components/confirm-email-form";

// The token is in the path: no Referer may carry it to another site.
export const metadata: Metadata = { title: "Confirm your new email", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { state, row } = await inspectAccountToken(token, "email_change");
  if (state !== "valid" || !row?.newEmail)
    return (
      <ClosedLinkCard
        message={CONFIRM_LINK_PROBLEM[state === "valid" ? "unknown" : state]}
        href="/account"
        action="Go to account settings"
      />
    );
  return (
    <AuthCard
      title="Confirm your new email"
      message={
        <>
          From now on you will sign in to Sendwell with <strong className="text-slate-900">{row.newEmail}</strong>.
        </>
      }
    >
      <ConfirmEmailForm token={token} />
    </AuthCard>
  );
}
