import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { buttonClasses } from "@/components/ui/button-classes";
import { RESET_LINK_PROBLEM, resetLinkState } from "@/server/services/account/reset-password";
import { ResetPasswordForm } from "./_components/reset-password-form";

// The token is in the path: no Referer may carry it to another site.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await resetLinkState(token);
  if (state !== "valid")
    return (
      <Card className="px-6 py-7 shadow-sm sm:px-8">
        <h1 className="text-lg font-semibold text-slate-900">This link no longer works</h1>
        <p className="mt-2 text-sm text-slate-600">{RESET_LINK_PROBLEM[state]}</p>
        <Link href="/forgot-password" className={buttonClasses("primary", "md", "mt-6 w-full")}>
          Request a new link
        </Link>
      </Card>
    );
  return (
    <Card className="px-6 py-7 shadow-sm sm:px-8">
      <h1 className="text-lg font-semibold text-slate-900">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-500">Every device signed in to your account will be signed out.</p>
      <ResetPasswordForm token={token} />
    </Card>
  );
}
