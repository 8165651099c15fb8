"use client";
// Settings → Team: members (role select, Remove), invitations (Resend, Revoke; links are only ever in the email),
// Invite member, and Transfer ownership for the owner. Every change goes through a server action and then
// refreshes the server-rendered lists, so the page always shows what the database holds.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import type { ActionResultLike } from "@/lib/action-result";
import { ROLE_DESCRIPTION, ROLE_LABEL, ROLES, roleWithArticle, type Role } from "@/lib/permissions";
import type { TeamInvitation, TeamMember } from "@/server/services/team/list-team";
import {
  changeMemberRoleAction,
  inviteMemberAction,
  removeMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
  transferOwnershipAction,
} from "../actions";
import { InviteDialog } from "./invite-dialog";
import { InvitationsTable, MembersTable } from "./team-tables";
import { TransferDialog } from "./transfer-dialog";

type Props = {
  workspaceName: string;
  myRole: Role;
  myUserId: string;
  members: TeamMember[];
  invitations: TeamInvitation[];
};

const nameOf = (m: { name?: string | null; email: string }) => m.name || m.email;

export function TeamView({ workspaceName, myRole, myUserId, members, invitations }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [, startTransition] = useTransition();
  const [inviting, setInviting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => startTransition(() => router.refresh());

  async function run<T>(key: string, action: () => Promise<ActionResultLike<T>>, success: (data: T) => string) {
    setBusy(key);
    const result = await action();
    setBusy(null);
    if (!result.ok) return toast.error(result.error);
    toast.success(success(result.data));
    refresh();
  }

  const sentMessage = (email: string, delivery: string) =>
    delivery === "sent"
      ? `Invitation sent to ${email}.`
      : `The invitation to ${email} is saved but its email could not be sent. Try Resend in a moment.`;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Members"
          description={`People who can open ${workspaceName}, and what they may do there.`}
          actions={
            <div className="flex gap-2">
              {myRole === "owner" && (
                <Button variant="secondary" onClick={() => setTransferring(true)}>
                  Transfer ownership
                </Button>
              )}
              <Button onClick={() => setInviting(true)}>
                <PlusIcon />
                Invite member
              </Button>
            </div>
          }
        />
        <MembersTable
          members={members}
          myRole={myRole}
          myUserId={myUserId}
          busy={busy}
          onRole={(m, role) =>
            run(
              m.userId,
              () => changeMemberRoleAction({ userId: m.userId, role }),
              () => `${nameOf(m)} is now ${roleWithArticle(role)}.`,
            )
          }
          onRemove={setRemoving}
        />
      </Card>

      <Card>
        <CardHeader
          title="Invitations"
          description="Not yet accepted. Resending sends a new link; the earlier one stops working."
        />
        <InvitationsTable
          invitations={invitations}
          myRole={myRole}
          busy={busy}
          onResend={(i) =>
            run(
              i.id,
              () => resendInvitationAction({ id: i.id }),
              (d) => sentMessage(d.email, d.delivery),
            )
          }
          onRevoke={setRevoking}
        />
      </Card>

      <Card>
        <CardHeader title="Roles" description="What each role may do in this workspace." />
        {/* Beside the role selects above, so a change of role says what it gives before it is made. */}
        <dl className="divide-y divide-slate-100 border-t border-slate-100" data-testid="role-guide">
          {ROLES.map((r) => (
            <div key={r} className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4">
              <dt className="font-medium text-slate-900">{ROLE_LABEL[r]}</dt>
              <dd className="text-slate-600">{ROLE_DESCRIPTION[r]}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <InviteDialog
        open={inviting}
        myRole={myRole}
        onClose={() => setInviting(false)}
        invite={inviteMemberAction}
        onInvited={(email, delivery) => {
          setInviting(false);
          toast.success(sentMessage(email, delivery));
          refresh();
        }}
      />
      <TransferDialog
        open={transferring}
        workspaceName={workspaceName}
        candidates={members.filter((m) => m.userId !== myUserId)}
        onClose={() => setTransferring(false)}
        transfer={transferOwnershipAction}
        onDone={(m) => {
          setTransferring(false);
          toast.success(`${nameOf(m)} now owns ${workspaceName}. You are an admin.`);
          refresh();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const m = removing;
          setRemoving(null);
          if (m)
            void run(
              m.userId,
              () => removeMemberAction({ userId: m.userId }),
              () => `${nameOf(m)} was removed.`,
            );
        }}
        title={`Remove ${removing ? nameOf(removing) : ""}?`}
        description="They lose access to this workspace at once. Their account stays; you can invite them again."
        confirmLabel="Remove member"
      />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          const i = revoking;
          setRevoking(null);
          if (i)
            void run(
              i.id,
              () => revokeInvitationAction({ id: i.id }),
              () => `Invitation of ${i.email} revoked.`,
            );
        }}
        title={`Revoke the invitation of ${revoking?.email ?? ""}?`}
        description="The link in their email stops working. You can invite them again later."
        confirmLabel="Revoke invitation"
      />
    </div>
  );
}
