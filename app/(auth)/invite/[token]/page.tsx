import type { Metadata } from "next";
import { AuthCard, ClosedLinkCard } from "../../_components/auth-card";
import { ROLE_DESCRIPTION, ROLE_LABEL } from "@/lib/permissions";
import { dashboardSession } from "@/server/auth/dashboard-session";
import { requestCookies } from "@/server/auth/request-cookies";
import { inspectInvitation } from "@/server/services/team/accept-invitation";
import { InviteActions } from "./_components/invite-actions";

export const metadata: Metadata = { title: "Invitation" };
// The invitation's state and the visitor's session are read on every request.
export const dynamic = "force-dynamic";

const closed = {
  unknown: {
    title: "This invitation link does not work",
    text: "It may have been replaced by a newer invitation, or mistyped. Ask the person who invited you to send a new one.",
  },
  expired: {
    title: "This invitation has expired",
    text: "Invitations work for 7 days. Ask the person who invited you to resend it.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "Ask the workspace's owner or an admin if you should still join.",
  },
  accepted: {
    title: "This invitation was already used",
    text: "If it was you, sign in to open the workspace. Otherwise ask for a new invitation.",
  },
} as const;

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, session] = await Promise.all([inspectInvitation(token), dashboardSession(await requestCookies())]);
  const state = invitation?.state ?? "unknown";
  // The person who accepted it, back on the link: it is simply their workspace now.
  const mine = invitation && state === "accepted" && session?.userId === invitation.acceptedById;
  if (!invitation || (state !== "valid" && !mine)) {
    const { title, text } = closed[state === "valid" ? "unknown" : state];
    return (
      <ClosedLinkCard
        title={title}
        message={text}
        href={session ? "/" : "/signin"}
        action={session ? "Open Sendwell" : "Sign in"}
        variant="secondary"
      />
    );
  }
  const signedInAs = session?.user.email ?? null;
  return (
    <AuthCard
      title={`Join ${invitation.workspaceName}`}
      message={
        <>
          {invitation.inviterName ? `${invitation.inviterName} invited you` : "You are invited"} to join as{" "}
          <strong className="font-medium text-slate-900">{ROLE_LABEL[invitation.role].toLowerCase()}</strong>:{" "}
          {ROLE_DESCRIPTION[invitation.role]}
        </>
      }
    >
      <InviteActions
        token={token}
        invitedEmail={invitation.email}
        workspaceName={invitation.workspaceName}
        signedInAs={signedInAs}
        alreadyJoined={Boolean(mine)}
      />
    </AuthCard>
  );
}
