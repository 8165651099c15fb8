import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button-classes";
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
      <Card className="px-6 py-7 shadow-sm sm:px-8">
        <h1 className="text-lg font-semibold text-slate-900">This link no longer works</h1>
        <p className="mt-2 text-sm text-slate-600">{CONFIRM_LINK_PROBLEM[state === "valid" ? "unknown" : state]}</p>
        <Link href="/account" className={buttonClasses("primary", "md", "mt-6 w-full")}>
          Go to account settings
        </Link>
      </Card>
    );
  return (
    <Card className="px-6 py-7 shadow-sm sm:px-8">
      <h1 className="text-lg font-semibold text-slate-900">Confirm your new email</h1>
      <p className="mt-2 text-sm break-words text-slate-600">
        From now on you will sign in to Sendwell with <strong className="text-slate-900">{row.newEmail}</strong>.
      </p>
      <ConfirmEmailForm token={token} />
    </Card>
  );
}
