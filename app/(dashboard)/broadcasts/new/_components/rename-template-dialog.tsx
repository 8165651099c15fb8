"use client";
import type { TemplateSummary } from "@/lib/schemas/templates";
import { TEMPLATE_NAME_MAX } from "@/lib/schemas/template-constants";
import { fieldErrorsOf } from "@/lib/action-result";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { useRenameTemplate } from "./use-templates";

type Props = { workspaceId: string; template: TemplateSummary | null; onClose: () => void };

export function RenameTemplateDialog({ workspaceId, template, onClose }: Props) {
  const toast = useToast();
  const rename = useRenameTemplate(workspaceId);
  // A failure belongs to the attempt it came from: the next opening starts without it.
  const close = () => {
    rename.reset();
    onClose();
  };
  return (
    <FormDialog
      open={template !== null}
      onClose={close}
      title="Rename template"
      size="sm"
      formKey={template?.id}
      initialValues={{ name: template?.name ?? "" }}
      submitLabel="Rename"
      pending={rename.isPending}
      error={rename.error}
      onSubmit={({ name }) => {
        if (!template) return;
        rename.mutate(
          { id: template.id, name },
          {
            onSuccess: (renamed) => {
              toast.success(`Template renamed to “${renamed.name}”.`);
              close();
            },
          },
        );
      }}
    >
      {({ values, set }) => (
        <TextField
          label="Name"
          hint={`Up to ${TEMPLATE_NAME_MAX} characters.`}
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          maxLength={TEMPLATE_NAME_MAX}
          required
          autoComplete="off"
          data-autofocus
          error={fieldErrorsOf(rename.error).name}
        />
      )}
    </FormDialog>
  );
}
