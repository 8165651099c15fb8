"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/form-dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { unwrap } from "@/lib/action-result";
import { cancelEmailChangeAction, requestEmailChangeAction } from "../actions";
import { useAction } from "@/components/ui/use-action";

type Pending = { newEmail: string; expiresAt: string } | null;

export function EmailSection({ email, pending }: { email: string; pending: Pending }) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const cancel = useAction(cancelEmailChangeAction);

  async function cancelPending() {
    if (!(await cancel.run({}))) return;
    toast.success("Email change cancelled: the link no longer works.");
    router.refresh();
  }

  return (
    <Card>
      <CardHeader
        title="Email"
        description="You sign in with this address; password resets are sent to it."
        actions={
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Change email
          </Button>
        }
      />
      <CardBody className="space-y-3">
        <p className="text-sm break-words text-slate-900">{email}</p>
        {pending && (
          <Notice tone="info">
            <p className="break-words">
              Waiting for confirmation of <strong>{pending.newEmail}</strong>: open the link we sent there (it works for
              24 hours from the request). Until then you keep signing in with {email}.
            </p>
            <Button variant="secondary" size="sm" className="mt-2" loading={cancel.pending} onClick={cancelPending}>
              Cancel email change
            </Button>
            {cancel.error && <p className="mt-1 text-red-700">{cancel.error}</p>}
          </Notice>
        )}
      </CardBody>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Change email"
        description="We send a confirmation link to the new address and a notice to the current one."
        initialValues={{ newEmail: "", currentPassword: "" }}
        submitLabel="Send confirmation link"
        onSubmit={async (values) => {
          const { newEmail } = unwrap(await requestEmailChangeAction(values));
          setOpen(false);
          toast.success(`Confirmation link sent to ${newEmail}.`);
          router.refresh();
        }}
      >
        {({ errors, bind }) => (
          <>
            <TextField
              label="New email"
              {...bind("newEmail")}
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              data-autofocus
            />
            <TextField
              label="Current password"
              {...bind("currentPassword")}
              type="password"
              autoComplete="current-password"
              required
              hint="To be sure it is you."
              error={errors.fields.currentPassword}
            />
          </>
        )}
      </FormDialog>
    </Card>
  );
}
