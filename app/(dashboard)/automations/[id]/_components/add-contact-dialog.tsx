"use client";
// Adding one contact by address, as the API's enrol does: they enter at the first step now. A refusal says why in
// the server's words (not subscribed, already inside, the automation not active, no such contact).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Automation } from "@/lib/schemas/automations";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { enrolContactAction } from "../../report-actions";

type Props = { workspaceId: string; automation: Pick<Automation, "id" | "name">; open: boolean; onClose: () => void };

export function AddContactDialog({ workspaceId, automation, open, onClose }: Props) {
  const toast = useToast();
  const qc = useQueryClient();
  const enrol = useMutation({
    mutationFn: async (email: string) => unwrap(await enrolContactAction({ id: automation.id, email })),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.automations.all(workspaceId) }),
  });
  const close = () => (enrol.reset(), onClose());

  return (
    <FormDialog<{ email: string }>
      open={open}
      onClose={close}
      title={`Add a contact to “${automation.name}”`}
      description="They enter at the first step now, whatever the trigger, as long as they are subscribed and not already inside."
      initialValues={{ email: "" }}
      submitLabel="Add contact"
      pending={enrol.isPending}
      error={enrol.error}
      validate={({ email }) => (email.trim() ? null : { email: "Enter the contact's email address." })}
      onSubmit={({ email }) =>
        enrol.mutate(email.trim(), {
          onSuccess: () => (toast.success(`${email.trim()} entered “${automation.name}”.`), close()),
        })
      }
    >
      {({ bind }) => (
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          placeholder="ada@example.com"
          {...bind("email")}
        />
      )}
    </FormDialog>
  );
}
