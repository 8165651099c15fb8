"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useTypeToConfirm } from "@/components/ui/type-to-confirm";
import { toFieldErrorMap } from "@/lib/action-result";
import { deleteWorkspaceAction } from "../actions";

/** Owner only (the page leaves it out for everyone else). Typing the name makes the deletion deliberate. */
export function DangerZone({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200">
      <CardHeader title="Danger zone" />
      <CardBody className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-sm text-slate-600">
          Deleting the workspace removes its contacts, broadcasts, forms, API keys, webhooks, uploaded images and every
          member&apos;s access to it. This cannot be undone.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete workspace
        </Button>
      </CardBody>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete workspace"
        description="Everything in it is deleted for good, for every member."
      >
        <DeleteForm workspaceName={workspaceName} onClose={() => setOpen(false)} />
      </Dialog>
    </Card>
  );
}

function DeleteForm({ workspaceName, onClose }: { workspaceName: string; onClose: () => void }) {
  const router = useRouter();
  const confirmation = useTypeToConfirm(workspaceName);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await deleteWorkspaceAction({ confirmName: confirmation.typed });
    if (!result.ok) {
      setPending(false);
      return setError({ message: result.error, fields: toFieldErrorMap(result.fieldErrors) });
    }
    // The action changed the workspace cookie, so the dashboard opens the next workspace (or the page offering to
    // create one when none is left); refresh drops the deleted workspace's cached pages.
    router.replace("/");
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && !error.fields.confirmName && <Notice tone="error">{error.message}</Notice>}
      <TextField {...confirmation.fieldProps} name="confirmName" error={error?.fields.confirmName} />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={pending} disabled={!confirmation.confirmed}>
          Delete workspace
        </Button>
      </DialogFooter>
    </form>
  );
}
