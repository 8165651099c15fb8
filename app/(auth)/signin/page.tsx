import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { AuthCard } from "../_components/auth-card";
import { safeReturnPath } from "@/lib/return-path";
import { authOptions } from "@/server/auth/options";
import { appUrl } from "@/server/config";
import { hasAnyUser } from "@/server/services/users/create-first-user";
import { SignInForm } from "./_components/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

const notices: Record<string, string> = {
  "no-workspace": "Your account is not a member of any workspace. Ask an owner to add you.",
  "password-reset": "Your password is changed and every device was signed out. Sign in with the new password.",
};

/** An address to prefill, only if it looks like one (it is shown back in a field, never trusted). */
function prefillEmail(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : undefined;
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const errorKey = typeof params.error === "string" ? params.error : undefined;
  // A signed-in user without a workspace is sent here by the dashboard; redirecting back would loop.
  if (errorKey !== "no-workspace" && (await getServerSession(authOptions))) redirect("/");
  if (!(await hasAnyUser())) redirect("/onboarding");
  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to your workspace.">
      <SignInForm
        // Only a path on this site, so a crafted link cannot send someone elsewhere once signed in.
        callbackUrl={safeReturnPath(params.callbackUrl, appUrl())}
        notice={errorKey ? notices[errorKey] : undefined}
        email={prefillEmail(params.email)}
      />
    </AuthCard>
  );
}
