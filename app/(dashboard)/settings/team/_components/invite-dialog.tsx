"use client";
import { useState, type FormEvent } from "react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { fieldMessage, toFieldErrorMap, type ActionResultLike } from "@/lib/action-result";
import { canManageRole, ROLE_DESCRIPTION, ROLE_LABEL, ROLES, type Role } from "@/lib/permissions";
import { INVITATION_TTL_DAYS } from "@/lib/schemas/team";

type Props = {
  open: boolean;
  myRole: Role;
  onClose: () => void;
  invite: (input: { email: string; role: Role }) => Promise<ActionResultLike<{ email: string; delivery: string }>>;
  onInvited: (email: string, delivery: string) => void;
};

export function InviteDialog({ open, onClose, ...props }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Invite member"
      description={`They get an email with a link to join. The link works for ${INVITATION_TTL_DAYS} days.`}
    >
      <InviteForm onClose={onClose} {...props} />
    </Dialog>
  );
}

function InviteForm({ myRole, onClose, invite, onInvited }: Omit<Props, "open">) {
  const roles = ROLES.filter((r) => canManageRole(myRole, r));
  const [role, setRole] = useState<Role>("member");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setPending(true);
    const result = await invite({ email, role });
    setPending(false);
    if (!result.ok) return setError({ message: result.error, fields: toFieldErrorMap(result.fieldErrors) });
    onInvited(result.data.email, result.data.delivery);
  }

  const fields = error?.fields ?? {};
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && !fields.email && !fields.role && <Notice tone="error">{error.message}</Notice>}
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        placeholder="colleague@example.com"
        data-autofocus
        error={fieldMessage(error?.message, fields.email)}
      />
      <fieldset aria-describedby={fields.role ? "invite-role-error" : undefined}>
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
                onChange={() => setRole(r)}
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
        {fields.role && (
          <p id="invite-role-error" className="mt-1.5 text-sm text-red-600">
            {fieldMessage(error?.message, fields.role)}
          </p>
        )}
      </fieldset>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Send invitation
        </Button>
      </DialogFooter>
    </form>
  );
}
