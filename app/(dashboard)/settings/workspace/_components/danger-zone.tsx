"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { typeToConfirmField } from "@/components/ui/type-to-confirm";
import { unwrap } from "@/lib/action-result";
import { deleteWorkspaceAction } from "../actions";

/** Owner only (the page leaves it out for everyone else). Typing the name makes the deletion deliberate. */
export function DangerZone({ workspaceName }: { workspaceName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // Deleted: the button stays busy while the dashboard opens the next workspace.
  const [leaving, setLeaving] = useState(false);
  const confirm = typeToConfirmField(workspaceName);
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
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete workspace"
        description="Everything in it is deleted for good, for every member."
        initialValues={{ confirmName: "" }}
        submitLabel="Delete workspace"
        destructive
        pending={leaving}
        submitDisabled={(values) => !confirm.confirmed(values.confirmName)}
        onSubmit={async ({ confirmName }) => {
          unwrap(await deleteWorkspaceAction({ confirmName }));
          setLeaving(true);
          // The action changed the workspace cookie, so the dashboard opens the next workspace (or the page offering
          // to create one when none is left); refresh drops the deleted workspace's cached pages.
          router.replace("/");
          router.refresh();
        }}
      >
        {({ errors, bind }) => (
          <TextField {...confirm.fieldProps} {...bind("confirmName")} error={errors.fields.confirmName} />
        )}
      </FormDialog>
    </Card>
  );
}
