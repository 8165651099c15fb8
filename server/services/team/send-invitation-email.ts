// One invitation email through the configured transport (the outbox when offline). The idempotency key is the
// invitation and its send number, so a retried send of the same resend is not sent twice, but every resend is.
import { renderInvitationEmail } from "@/emails/invitation";
import { db } from "@/server/db/client";
import { sendSingleEmail } from "@/server/email/send-email";
import { formatFrom } from "@/lib/email-address";
import { accountSender } from "@/server/services/account/account-mail";
import type { Role } from "@/lib/permissions";
import { invitationUrl } from "./invitation-token";

export type InvitationDelivery = "sent" | "failed";

export async function sendInvitationEmail(invitation: {
  id: string;
  workspaceId: string;
  email: string;
  role: Role;
  token: string;
  expiresAt: Date;
  sendCount: number;
  invitedById: string | null;
}): Promise<InvitationDelivery> {
  const [workspace, inviter] = await Promise.all([
    db().workspace.findUniqueOrThrow({
      where: { id: invitation.workspaceId },
      select: { name: true, defaultFromName: true, defaultFromEmail: true },
    }),
    invitation.invitedById
      ? db().user.findUnique({ where: { id: invitation.invitedById }, select: { name: true, email: true } })
      : null,
  ]);
  const message = await renderInvitationEmail({
    workspaceName: workspace.name,
    inviterName: inviter?.name || inviter?.email || `A member of ${workspace.name}`,
    role: invitation.role,
    acceptUrl: invitationUrl(invitation.token),
    expiresAt: invitation.expiresAt,
  });
  // The workspace's own sender when it has one (the invitee knows that name), else the app's.
  const from = workspace.defaultFromEmail
    ? formatFrom(workspace.defaultFromName || workspace.name, workspace.defaultFromEmail)
    : accountSender();
  try {
    await sendSingleEmail(
      {
        workspaceId: invitation.workspaceId,
        kind: "invitation",
        broadcastId: null,
        recipientId: null,
        from,
        to: invitation.email,
        ...message,
        headers: {},
      },
      { idempotencyKey: `invitation:${invitation.id}:${invitation.sendCount}` },
    );
    return "sent";
  } catch (error) {
    // The invitation stays saved: the team page says the email failed and offers Resend.
    console.error(`Invitation ${invitation.id}: the email could not be sent.`, error);
    return "failed";
  }
}
