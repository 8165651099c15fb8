"use client";
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { ActionError, toFieldErrorMap } from "@/lib/action-result";
import { createWorkspaceAction } from "@/app/_actions/workspaces";

export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [, startTransition] = useTransition();
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create workspace"
      description="A workspace has its own contacts, tags and API keys."
      initialValues={{ name: "" }}
      submitLabel="Create workspace"
      onSubmit={async ({ name }) => {
        const result = await createWorkspaceAction({ name });
        // The name is the only field: a failure of any kind is said under it.
        if (!result.ok)
          throw new ActionError(result.error, { name: toFieldErrorMap(result.fieldErrors).name ?? result.error });
        const workspace = result.data;
        onClose();
        toast.success(`Switched to the new workspace “${workspace.name}”.`);
        // The action made the new workspace current (a cookie); the server components re-read it.
        startTransition(() => router.refresh());
      }}
    >
      {({ errors, bind }) => (
        <TextField
          label="Workspace name"
          {...bind("name")}
          required
          maxLength={80}
          placeholder="Acme Marketing"
          error={errors.fields.name}
        />
      )}
    </FormDialog>
  );
}
