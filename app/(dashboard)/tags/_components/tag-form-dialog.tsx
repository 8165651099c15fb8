"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { fieldMessage, type FieldErrorMap } from "@/lib/action-result";
import { TAG_NAME_MAX } from "@/lib/schemas/tag-constants";
import { ColorPicker } from "./color-picker";

export type TagFormValues = { name: string; color: string };

type TagFormDialogProps = {
  open: boolean;
  mode: "create" | "edit";
  initial: TagFormValues;
  palette: readonly string[];
  pending: boolean;
  error?: string;
  fieldErrors: FieldErrorMap;
  onClose: () => void;
  onSubmit: (values: TagFormValues) => void;
};

export function TagFormDialog(props: TagFormDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.mode === "create" ? "New tag" : "Edit tag"}
      description={props.mode === "create" ? "Tags group contacts for targeting and forms." : undefined}
    >
      {/* Keyed by the initial values so reopening on another tag starts from that tag. */}
      <TagForm key={`${props.initial.name}${props.initial.color}`} {...props} />
    </Dialog>
  );
}

function TagForm({ mode, initial, palette, pending, error, fieldErrors, onClose, onSubmit }: TagFormDialogProps) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, color });
  };
  // A message that belongs to no field (or a field not shown here) goes at the top.
  const formError = error && !fieldErrors.name && !fieldErrors.color ? error : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Name"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={TAG_NAME_MAX}
        hint={`${name.length}/${TAG_NAME_MAX}`}
        autoComplete="off"
        placeholder="Newsletter"
        data-autofocus
        error={fieldMessage(error, fieldErrors.name)}
      />
      <ColorPicker palette={palette} value={color} onChange={setColor} error={fieldErrors.color} />
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
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {mode === "create" ? "Create tag" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
