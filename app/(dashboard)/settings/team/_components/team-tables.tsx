"use client";
import { Badge } from "@/components/ui/badge";
import { actionsColumn, DataTable, RowAction, Truncate } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { Select } from "@/components/ui/select";
import { canManageRole, ROLE_LABEL, ROLES, type Role } from "@/lib/permissions";
import type { TeamInvitation, TeamMember } from "@/server/services/team/list-team";

const roleTone = { owner: "brand", admin: "amber", member: "neutral", author: "blue", viewer: "neutral" } as const;

type MembersProps = {
  members: TeamMember[];
  myRole: Role;
  myUserId: string;
  busy: string | null;
  onRole: (member: TeamMember, role: Role) => void;
  onRemove: (member: TeamMember) => void;
};

export function MembersTable({ members, myRole, myUserId, busy, onRole, onRemove }: MembersProps) {
  // A role may be changed when the actor manages both the current role and at least one other.
  const manageable = (m: TeamMember) => m.userId !== myUserId && canManageRole(myRole, m.role);
  const label = (m: TeamMember) => m.name || m.email;
  return (
    <DataTable
      rows={members}
      rowKey={(m) => m.userId}
      columns={[
        {
          id: "member",
          header: "Member",
          className: "max-w-xs",
          cell: (m) => (
            <>
              <Truncate text={label(m)} className="font-medium text-slate-900">
                {label(m)}
                {m.userId === myUserId && <span className="ml-1.5 text-xs font-normal text-slate-500">(You)</span>}
              </Truncate>
              {m.name && <Truncate text={m.email} className="text-[13px] text-slate-500" />}
            </>
          ),
        },
        {
          id: "role",
          header: "Role",
          cell: (m) =>
            manageable(m) ? (
              <Select
                aria-label={`Role of ${label(m)}`}
                className="w-32 text-[13px]"
                value={m.role}
                disabled={busy === m.userId}
                onChange={(e) => onRole(m, e.target.value as Role)}
              >
                {ROLES.filter((r) => canManageRole(myRole, r)).map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABEL[r]}
                  </option>
                ))}
              </Select>
            ) : (
              <Badge tone={roleTone[m.role]}>{ROLE_LABEL[m.role]}</Badge>
            ),
        },
        {
          id: "joined",
          header: "Joined",
          className: "whitespace-nowrap text-slate-500",
          cell: (m) => <RelativeTime iso={m.joinedAt} />,
        },
        actionsColumn(
          (m: TeamMember) =>
            manageable(m) && (
              <RowAction danger onClick={() => onRemove(m)}>
                Remove<span className="sr-only"> {label(m)}</span>
              </RowAction>
            ),
        ),
      ]}
    />
  );
}

type InvitationsProps = {
  invitations: TeamInvitation[];
  myRole: Role;
  busy: string | null;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
};

export function InvitationsTable({ invitations, myRole, busy, onResend, onRevoke }: InvitationsProps) {
  return (
    <DataTable
      rows={invitations}
      empty={<p className="px-5 pb-5 text-sm text-slate-500">No open invitations.</p>}
      columns={[
        {
          id: "email",
          header: "Email",
          className: "max-w-xs",
          cell: (i) => (
            <>
              <Truncate text={i.email} className="font-medium text-slate-900" />
              {i.invitedBy && (
                <Truncate text={i.invitedBy} className="text-[13px] text-slate-500">
                  Invited by {i.invitedBy}
                </Truncate>
              )}
            </>
          ),
        },
        { id: "role", header: "Role", cell: (i) => <Badge tone={roleTone[i.role]}>{ROLE_LABEL[i.role]}</Badge> },
        {
          id: "sent",
          header: "Sent",
          className: "whitespace-nowrap text-slate-500",
          cell: (i) => (
            <>
              <RelativeTime iso={i.sentAt} />
              {i.sendCount > 1 && <span className="text-xs"> · sent {i.sendCount} times</span>}
            </>
          ),
        },
        {
          id: "expires",
          header: "Expires",
          className: "whitespace-nowrap",
          cell: (i) =>
            i.status === "expired" ? (
              <Badge tone="red">Expired</Badge>
            ) : (
              <span className="text-slate-500">
                <RelativeTime iso={i.expiresAt} />
              </span>
            ),
        },
        actionsColumn(
          (i: TeamInvitation) =>
            canManageRole(myRole, i.role) && (
              <>
                <RowAction loading={busy === i.id} onClick={() => onResend(i)}>
                  Resend<span className="sr-only"> to {i.email}</span>
                </RowAction>
                <RowAction danger onClick={() => onRevoke(i)}>
                  Revoke<span className="sr-only"> invitation of {i.email}</span>
                </RowAction>
              </>
            ),
        ),
      ]}
    />
  );
}
