"use client";
import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { toFieldErrorMap, type FieldErrorMap } from "@/lib/action-result";
import { createWorkspaceAction } from "@/app/_actions/workspaces";

export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [, startTransition] = useTransition();
  const [errors, setErrors] = useState<FieldErrorMap & { _form?: string }>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setPending(true);
    const result = await createWorkspaceAction({ name });
    setPending(false);
    if (!result.ok) return setErrors({ _form: result.error, ...toFieldErrorMap(result.fieldErrors) });
    setErrors({});
    onClose();
    toast.success(`Switched to the new workspace “${result.data.name}”.`);
    // The action made the new workspace current (a cookie); the server components re-read it.
    startTransition(() => router.refresh());
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        setErrors({});
        onClose();
      }}
      title="Create workspace"
      description="A workspace has its own contacts, tags and API keys."
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Workspace name"
          name="name"
          required
          maxLength={80}
          placeholder="Acme Marketing"
          data-autofocus
          error={errors.name ?? errors._form}
        />
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create workspace
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
