"use client";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { MAX_TEST_EMAILS } from "@/lib/schemas/broadcasts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { PointerActionError, unwrapWithPointers } from "@/app/(dashboard)/_lib/pointer-errors";
import { sendTestAction } from "../../actions";

type Props = { broadcastId: string; defaultEmail: string; open: boolean; onClose: () => void };

/** Up to five addresses, separated by commas or spaces; the worker renders and sends the test like the real thing. */
export function TestSendDialog({ broadcastId, defaultEmail, open, onClose }: Props) {
  const toast = useToast();
  const [emails, setEmails] = useState(defaultEmail);
  const test = useMutation({
    mutationFn: async (list: string[]) =>
      unwrapWithPointers(await sendTestAction({ id: broadcastId, test: { emails: list } })),
  });
  const details = test.error instanceof PointerActionError ? test.error.pointers.map((p) => p.detail) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = emails.split(/[\s,;]+/).filter(Boolean);
    test.mutate(list, { onSuccess: (res) => (onClose(), toast.success(res.message)) });
  };

  return (
    <Dialog
      open={open}
      onClose={() => (test.reset(), onClose())}
      title="Send a test"
      description="Rendered with the merge values of a contact with that address, or of a sample contact. Tests never count in the statistics."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {test.isError && (
          <Notice tone="error">
            {details.length ? (
              <ul className="list-disc pl-4">
                {[...new Set(details)].map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : (
              errorMessage(test.error)
            )}
          </Notice>
        )}
        <TextField
          label="Send to"
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={`Up to ${MAX_TEST_EMAILS} addresses, separated by commas.`}
          autoComplete="email"
          data-autofocus
        />
        <DialogFooter>
          <Button variant="secondary" onClick={() => (test.reset(), onClose())}>
            Cancel
          </Button>
          <Button type="submit" loading={test.isPending}>
            Send test
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
