"use client";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { TAG_NAME_MAX } from "@/lib/schemas/tag-constants";
import { ColorPicker } from "./color-picker";

export type TagFormValues = { name: string; color: string };

type TagFormDialogProps = {
  open: boolean;
  mode: "create" | "edit";
  initial: TagFormValues;
  palette: readonly string[];
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (values: TagFormValues) => void;
};

export function TagFormDialog({ open, mode, initial, palette, pending, error, onClose, onSubmit }: TagFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={mode === "create" ? "New tag" : "Edit tag"}
      description={mode === "create" ? "Tags group contacts for targeting and forms." : undefined}
      // Keyed by the initial values so reopening on another tag starts from that tag.
      formKey={`${initial.name}${initial.color}`}
      initialValues={initial}
      submitLabel={mode === "create" ? "Create tag" : "Save"}
      pending={pending}
      error={error}
      onSubmit={onSubmit}
    >
      {({ values: { name, color }, set, errors, bind }) => (
        <>
          <TextField
            label="Name"
            {...bind("name")}
            required
            maxLength={TAG_NAME_MAX}
            hint={`${name.length}/${TAG_NAME_MAX}`}
            autoComplete="off"
            placeholder="Newsletter"
          />
          <ColorPicker palette={palette} value={color} onChange={(c) => set("color", c)} error={errors.fields.color} />
          <div className="flex items-center gap-2 text-[13px] text-slate-500">
            Preview
            <span
              title={name}
              className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-0.5 text-slate-800"
            >
              <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
              <span className="truncate">{name.trim() || "Tag name"}</span>
            </span>
          </div>
        </>
      )}
    </FormDialog>
  );
}
