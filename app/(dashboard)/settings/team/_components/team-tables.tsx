"use client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Select } from "@/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { canManageRole, ROLE_LABEL, ROLES, type Role } from "@/lib/permissions";
import type { TeamInvitation, TeamMember } from "@/server/services/team/list-team";

const roleTone = { owner: "brand", admin: "amber", member: "neutral", author: "blue", viewer: "neutral" } as const;
const danger = "text-red-600 hover:bg-red-50 hover:text-red-700";

type MembersProps = {
  members: TeamMember[];
  myRole: Role;
  myUserId: string;
  busy: string | null;
  onRole: (member: TeamMember, role: Role) => void;
  onRemove: (member: TeamMember) => void;
};

export function MembersTable({ members, myRole, myUserId, busy, onRole, onRemove }: MembersProps) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Member</TH>
          <TH>Role</TH>
          <TH>Joined</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {members.map((m) => {
          const me = m.userId === myUserId;
          // A role may be changed when the actor manages both the current role and at least one other.
          const manageable = !me && canManageRole(myRole, m.role);
          const label = m.name || m.email;
          return (
            <TR key={m.userId}>
              <TD className="max-w-xs">
                <span className="block truncate font-medium text-slate-900" title={label}>
                  {label}
                  {me && <span className="ml-1.5 text-xs font-normal text-slate-500">(You)</span>}
                </span>
                {m.name && (
                  <span className="block truncate text-[13px] text-slate-500" title={m.email}>
                    {m.email}
                  </span>
                )}
              </TD>
              <TD>
                {manageable ? (
                  <Select
                    aria-label={`Role of ${label}`}
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
                )}
              </TD>
              <TD className="whitespace-nowrap text-slate-500">
                <RelativeTime iso={m.joinedAt} />
              </TD>
              <TD className="w-px text-right">
                {manageable && (
                  <Button variant="ghost" size="sm" className={danger} onClick={() => onRemove(m)}>
                    Remove<span className="sr-only"> {label}</span>
                  </Button>
                )}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
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
    <Table>
      <THead>
        <tr>
          <TH>Email</TH>
          <TH>Role</TH>
          <TH>Sent</TH>
          <TH>Expires</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {invitations.map((i) => (
          <TR key={i.id}>
            <TD className="max-w-xs">
              <span className="block truncate font-medium text-slate-900" title={i.email}>
                {i.email}
              </span>
              {i.invitedBy && (
                <span className="block truncate text-[13px] text-slate-500" title={i.invitedBy}>
                  Invited by {i.invitedBy}
                </span>
              )}
            </TD>
            <TD>
              <Badge tone={roleTone[i.role]}>{ROLE_LABEL[i.role]}</Badge>
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={i.sentAt} />
              {i.sendCount > 1 && <span className="text-xs"> · sent {i.sendCount} times</span>}
            </TD>
            <TD className="whitespace-nowrap">
              {i.status === "expired" ? (
                <Badge tone="red">Expired</Badge>
              ) : (
                <span className="text-slate-500">
                  <RelativeTime iso={i.expiresAt} />
                </span>
              )}
            </TD>
            <TD className="w-px text-right whitespace-nowrap">
              {canManageRole(myRole, i.role) && (
                <>
                  <Button variant="ghost" size="sm" loading={busy === i.id} onClick={() => onResend(i)}>
                    Resend<span className="sr-only"> to {i.email}</span>
                  </Button>
                  <Button variant="ghost" size="sm" className={danger} onClick={() => onRevoke(i)}>
                    Revoke<span className="sr-only"> invitation of {i.email}</span>
                  </Button>
                </>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
