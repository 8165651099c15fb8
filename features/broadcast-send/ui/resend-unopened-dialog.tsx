"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { PointerActionError } from "@/lib/pointer-errors";
import { useResendUnopened } from "./use-broadcast-menu-actions";

type Props = { open: boolean; onClose: () => void; broadcast: Broadcast; onDone?: () => void };

/** A new draft for those who did not open a sent broadcast: a new subject is the point, so it is asked for here. */
export function ResendUnopenedDialog({ open, onClose, broadcast, onDone }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Resend to unopened"
      description={`A new draft with the content of “${broadcast.name}”, for its recipients who have not opened it. A fresh subject gives it a second chance.`}
    >
      <ResendForm onClose={onClose} broadcast={broadcast} onDone={onDone} />
    </Dialog>
  );
}

function ResendForm({ onClose, broadcast, onDone }: Omit<Props, "open">) {
  const router = useRouter();
  const toast = useToast();
  const [subject, setSubject] = useState("");
  const [name, setName] = useState(`${broadcast.name} (resend to unopened)`.slice(0, 200));
  const resend = useResendUnopened(broadcast.workspaceId);
  const fieldError = (field: string) =>
    resend.error instanceof PointerActionError
      ? resend.error.pointers.find((p) => p.pointer === `#/input/${field}`)?.detail
      : undefined;
  const general = resend.isError && !fieldError("subject") && !fieldError("name");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate(
      { id: broadcast.id, input: { subject, ...(name.trim() ? { name } : {}) } },
      {
        onSuccess: (draft) => {
          toast.success(`Draft “${draft.name}” created.`);
          onDone?.();
          router.push(`/broadcasts/${draft.id}/edit`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {general && <Notice tone="error">{errorMessage(resend.error)}</Notice>}
      <TextField
        label="New subject"
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={fieldError("subject")}
        hint={broadcast.subject ? `It was: ${broadcast.subject}` : undefined}
        maxLength={500}
        required
        data-autofocus
      />
      <TextField
        label="Name of the new draft"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fieldError("name")}
        maxLength={200}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={resend.isPending}>
          Create draft
        </Button>
      </DialogFooter>
    </form>
  );
}
