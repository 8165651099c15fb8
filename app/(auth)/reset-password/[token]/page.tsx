import type { Metadata } from "next";
import { AuthCard, ClosedLinkCard } from "../../_components/auth-card";
import { RESET_LINK_PROBLEM, resetLinkState } from "@/server/services/account/reset-password";
import { ResetPasswordForm } from "./_components/reset-password-form";

// The token is in the path: no Referer may carry it to another site.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await resetLinkState(token);
  if (state !== "valid")
    return <ClosedLinkCard message={RESET_LINK_PROBLEM[state]} href="/forgot-password" action="Request a new link" />;
  return (
    <AuthCard title="Choose a new password" description="Every device signed in to your account will be signed out.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
