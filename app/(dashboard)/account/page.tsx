import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/server/db/client";
import { pendingEmailChange } from "@/server/services/account/email-change";
import { listSessions } from "@/server/services/sessions/list-sessions";
import { dashboardContext } from "../_lib/dashboard-context";
import { ProfileSection } from "./_components/profile-section";
import { EmailSection } from "./_components/email-section";
import { PasswordSection } from "./_components/password-section";
import { SessionsSection } from "./_components/sessions-section";

export const metadata: Metadata = { title: "Account settings" };
export const dynamic = "force-dynamic";

const NOTICES: Record<string, string> = {
  "email-changed": "Your email address is changed: sign in with the new one from now on.",
};

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  // Any member reaches their own account: the "workspace" area is the dashboard shell every role has.
  const { user, sessionId } = await dashboardContext("workspace");
  const [profile, pending, sessions, { notice }] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: user.id }, select: { name: true, email: true } }),
    pendingEmailChange(user.id),
    listSessions({ userId: user.id, currentSessionId: sessionId }),
    searchParams,
  ]);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Account settings"
        description="Your own sign-in details: they follow you in every workspace."
      />
      <div className="space-y-6">
        <ProfileSection name={profile.name ?? ""} notice={notice ? NOTICES[notice] : undefined} />
        <EmailSection
          email={profile.email}
          pending={pending && { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() }}
        />
        <PasswordSection />
        <SessionsSection
          sessions={sessions.map((s) => ({
            ...s,
            signedInAt: s.signedInAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
          }))}
        />
      </div>
    </div>
  );
}
