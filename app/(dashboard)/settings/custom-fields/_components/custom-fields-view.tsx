"use client";
import { useState } from "react";
import type { CustomField, UpdateCustomField } from "@/lib/schemas/custom-fields";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { useCustomFields } from "@/features/workspace-lists/ui/use-workspace-lists";
import { CustomFieldDialog, type CustomFieldValues } from "./custom-field-dialog";
import { CustomFieldTable } from "./custom-field-table";
import { useCreateCustomField, useDeleteCustomField, useUpdateCustomField } from "./use-custom-field-mutations";
import { useCan } from "@/components/permissions/role-context";

type Open = { kind: "create" } | { kind: "edit"; field: CustomField } | { kind: "delete"; field: CustomField } | null;

export function CustomFieldsView({ workspaceId, initial }: { workspaceId: string; initial: CustomField[] }) {
  const canWrite = useCan("audience.write");
  const toast = useToast();
  const fields = useCustomFields(workspaceId, initial);
  const [open, setOpen] = useState<Open>(null);
  const create = useCreateCustomField(workspaceId);
  const update = useUpdateCustomField(workspaceId);
  const remove = useDeleteCustomField(workspaceId);
  const active = open?.kind === "edit" ? update : create;
  const close = () => setOpen(null);
  const openForm = (next: Open) => {
    create.reset();
    update.reset();
    setOpen(next);
  };

  function submit(values: CustomFieldValues) {
    if (open?.kind === "create") {
      const { label, key, type, options } = values;
      create.mutate(
        { label, key, type, ...(type === "select" ? { options } : {}) },
        { onSuccess: (f) => (close(), toast.success(`Field “${f.label}” created.`)) },
      );
    } else if (open?.kind === "edit") {
      const { field } = open;
      const changes: UpdateCustomField = {
        ...(values.label.trim() !== field.label ? { label: values.label } : {}),
        ...(field.type === "select" && values.options.join("\n") !== field.options.join("\n")
          ? { options: values.options }
          : {}),
      };
      if (Object.keys(changes).length === 0) return close();
      update.mutate({ id: field.id, changes }, { onSuccess: () => (close(), toast.success("Field saved.")) });
    }
  }

  function confirmDelete(field: CustomField) {
    close();
    remove.mutate(
      { id: field.id },
      {
        onSuccess: () => toast.success(`Field “${field.label}” deleted.`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  }

  return (
    <>
      <Card>
        <CardHeader
          title="Custom fields"
          description="Extra data stored on every contact, usable in segments, imports and merge tags."
          actions={
            canWrite && (
              <Button size="sm" onClick={() => openForm({ kind: "create" })}>
                <PlusIcon className="size-3.5" />
                New field
              </Button>
            )
          }
        />
        <CustomFieldTable
          fields={fields}
          onEdit={(field) => openForm({ kind: "edit", field })}
          onDelete={(field) => setOpen({ kind: "delete", field })}
        />
      </Card>
      <CustomFieldDialog
        open={open?.kind === "create" || open?.kind === "edit"}
        field={open?.kind === "edit" ? open.field : null}
        pending={active.isPending}
        error={active.error}
        onClose={close}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={open?.kind === "delete"}
        onClose={close}
        onConfirm={() => open?.kind === "delete" && confirmDelete(open.field)}
        title={open?.kind === "delete" ? `Delete the field “${open.field.label}”?` : "Delete field"}
        description="Removes this field's values from every contact. Segments that use it stop matching anyone. This cannot be undone."
        confirmLabel="Delete field"
      />
    </>
  );
}
