"use client";
import clsx from "clsx";
import { FormDialog } from "@/components/ui/form-dialog";
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
      {({ values: { email, role }, set, errors }) => (
        <>
          <TextField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => set("email", e.target.value)}
            required
            maxLength={254}
            autoComplete="off"
            placeholder="colleague@example.com"
            error={errors.field("email")}
          />
          <fieldset aria-describedby={errors.fields.role ? "invite-role-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">Role</legend>
            <div className="mt-2 space-y-2">
              {roles.map((r) => (
                <label
                  key={r}
                  className={clsx(
                    "flex cursor-pointer gap-3 rounded-lg border px-3.5 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                    role === r ? "border-brand-500 bg-brand-50/50" : "border-slate-200 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name="role"
                    value={r}
                    checked={role === r}
                    onChange={() => set("role", r)}
                    aria-describedby={`invite-role-${r}`}
                    className="mt-0.5 size-4 accent-brand-600 focus:outline-none"
                  />
                  <span className="text-sm">
                    <span className="block font-medium text-slate-900">{ROLE_LABEL[r]}</span>
                    <span id={`invite-role-${r}`} className="block text-[13px] text-slate-500">
                      {ROLE_DESCRIPTION[r]}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {errors.fields.role && (
              <p id="invite-role-error" className="mt-1.5 text-sm text-red-600">
                {errors.field("role")}
              </p>
            )}
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
