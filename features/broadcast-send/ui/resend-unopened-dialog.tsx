"use client";
import { useRouter } from "next/navigation";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { FormDialog } from "@/components/ui/form-dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { PointerActionError } from "@/lib/pointer-errors";
import { useResendUnopened } from "./use-broadcast-menu-actions";

type Props = { open: boolean; onClose: () => void; broadcast: Broadcast; onDone?: () => void };

/** A new draft for those who did not open a sent broadcast: a new subject is the point, so it is asked for here. */
export function ResendUnopenedDialog({ open, onClose, broadcast, onDone }: Props) {
  const router = useRouter();
  const toast = useToast();
  const resend = useResendUnopened(broadcast.workspaceId);
  const fieldError = (field: string) =>
    resend.error instanceof PointerActionError
      ? resend.error.pointers.find((p) => p.pointer === `#/input/${field}`)?.detail
      : undefined;
  const general = resend.isError && !fieldError("subject") && !fieldError("name");
  // A failure belongs to the attempt it came from: the next opening starts without it.
  const close = () => {
    resend.reset();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Resend to unopened"
      description={`A new draft with the content of “${broadcast.name}”, for its recipients who have not opened it. A fresh subject gives it a second chance.`}
      initialValues={{ subject: "", name: `${broadcast.name} (resend to unopened)`.slice(0, 200) }}
      submitLabel="Create draft"
      pending={resend.isPending}
      onSubmit={({ subject, name }) =>
        resend.mutate(
          { id: broadcast.id, input: { subject, ...(name.trim() ? { name } : {}) } },
          {
            onSuccess: (draft) => {
              toast.success(`Draft “${draft.name}” created.`);
              onDone?.();
              router.push(`/broadcasts/${draft.id}/edit`);
            },
          },
        )
      }
    >
      {({ values, set }) => (
        <div className="space-y-4">
          {general && <Notice tone="error">{errorMessage(resend.error)}</Notice>}
          <TextField
            label="New subject"
            value={values.subject}
            onChange={(e) => set("subject", e.target.value)}
            error={fieldError("subject")}
            hint={broadcast.subject ? `It was: ${broadcast.subject}` : undefined}
            maxLength={500}
            required
            data-autofocus
          />
          <TextField
            label="Name of the new draft"
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            error={fieldError("name")}
            maxLength={200}
          />
        </div>
      )}
    </FormDialog>
  );
}
