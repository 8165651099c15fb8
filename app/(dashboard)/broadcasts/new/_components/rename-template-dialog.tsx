"use client";
import { useState, type FormEvent } from "react";
import type { TemplateSummary } from "@/lib/schemas/templates";
import { TEMPLATE_NAME_MAX } from "@/lib/schemas/template-constants";
import { errorMessage, fieldErrorsOf } from "@/lib/action-result";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { useRenameTemplate } from "./use-templates";

type Props = { workspaceId: string; template: TemplateSummary | null; onClose: () => void };

export function RenameTemplateDialog({ workspaceId, template, onClose }: Props) {
  return (
    <Dialog open={template !== null} onClose={onClose} title="Rename template" size="sm">
      {template && <RenameForm workspaceId={workspaceId} template={template} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ workspaceId, template, onClose }: Props & { template: TemplateSummary }) {
  const toast = useToast();
  const rename = useRenameTemplate(workspaceId);
  const [name, setName] = useState(template.name);
  const errors = fieldErrorsOf(rename.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { id: template.id, name },
      {
        onSuccess: (renamed) => {
          toast.success(`Template renamed to “${renamed.name}”.`);
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      {rename.isError && !errors.name && (
        <Notice tone="error" className="mb-4">
          {errorMessage(rename.error)}
        </Notice>
      )}
      <TextField
        label="Name"
        hint={`Up to ${TEMPLATE_NAME_MAX} characters.`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={TEMPLATE_NAME_MAX}
        required
        autoComplete="off"
        data-autofocus
        error={errors.name}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={rename.isPending}>
          Rename
        </Button>
      </DialogFooter>
    </form>
  );
}
