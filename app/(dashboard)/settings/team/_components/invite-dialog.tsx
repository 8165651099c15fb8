"use client";
import { FormDialog } from "@/components/ui/form-dialog";
import { RadioCards } from "@/components/ui/radio-cards";
import { TextField } from "@/components/ui/text-field";
import { unwrap, type ActionResultLike } from "@/lib/action-result";
import { canManageRole, ROLE_DESCRIPTION, ROLE_LABEL, ROLES, type Role } from "@/lib/permissions";
import { INVITATION_TTL_DAYS } from "@/lib/schemas/team";

type Props = {
  open: boolean;
  myRole: Role;
  onClose: () => void;
  invite: (input: { email: string; role: Role }) => Promise<ActionResultLike<{ email: string; delivery: string }>>;
  onInvited: (email: string, delivery: string) => void;
};

export function InviteDialog({ open, myRole, onClose, invite, onInvited }: Props) {
  const roles = ROLES.filter((r) => canManageRole(myRole, r));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Invite member"
      description={`They get an email with a link to join. The link works for ${INVITATION_TTL_DAYS} days.`}
      initialValues={{ email: "", role: "member" as Role }}
      submitLabel="Send invitation"
      onSubmit={async (values) => {
        const invited = unwrap(await invite(values));
        onInvited(invited.email, invited.delivery);
      }}
    >
      {({ values: { role }, set, errors, bind }) => (
        <>
          <TextField
            label="Email"
            {...bind("email")}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            placeholder="colleague@example.com"
          />
          <RadioCards
            legend="Role"
            name="role"
            options={roles.map((r) => ({ value: r, label: ROLE_LABEL[r], detail: ROLE_DESCRIPTION[r] }))}
            value={role}
            onChange={(r) => set("role", r)}
            error={errors.field("role")}
          />
        </>
      )}
    </FormDialog>
  );
}
