"use client";
import { useState } from "react";
import type { Tag } from "@/lib/schemas/tags";
import { TAG_NAME_MAX } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { RecordOptions } from "@/components/ui/record-options";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";

/** What the dialog asks the bulk change to do: an existing tag, or (adding only) a new one by name. */
export type TagChoice = { tagId: string } | { newTagName: string };

type Props = {
  open: boolean;
  mode: "add" | "remove";
  count: string;
  tags: Tag[];
  pending: boolean;
  /** The server's word on the new name (e.g. too long), shown at the field. */
  nameError?: string;
  onClose: () => void;
  onSubmit: (choice: TagChoice) => void;
};

const NEW = "__new__";

/** Add or remove one tag on the selection. Adding may name a tag that does not exist yet, as marketers expect. */
export function BulkTagDialog({ open, mode, count, tags, pending, nameError, onClose, onSubmit }: Props) {
  const [choice, setChoice] = useState("");
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const canCreate = mode === "add";
  // With no tags at all, adding goes straight to naming a new one.
  const selected = choice || tags[0]?.id || (canCreate ? NEW : "");
  const creating = canCreate && selected === NEW;
  const tag = tags.find((t) => t.id === selected);
  const trimmed = name.trim();
  const localError =
    creating && touched && !trimmed
      ? "Name the new tag."
      : trimmed.length > TAG_NAME_MAX
        ? `At most ${TAG_NAME_MAX} characters (${trimmed.length}/${TAG_NAME_MAX}).`
        : undefined;
  const close = () => {
    setChoice("");
    setName("");
    setTouched(false);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={mode === "add" ? `Add a tag to ${count}` : `Remove a tag from ${count}`}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (creating) {
            if (trimmed && trimmed.length <= TAG_NAME_MAX) onSubmit({ newTagName: trimmed });
          } else if (tag) onSubmit({ tagId: tag.id });
        }}
      >
        <SelectField
          label="Tag"
          selectClassName="truncate"
          value={selected}
          onValueChange={setChoice}
          title={tag?.name}
          data-autofocus
        >
          <RecordOptions records={tags} />
          {canCreate && <option value={NEW}>New tag…</option>}
        </SelectField>
        {creating && (
          <TextField
            label="New tag name"
            name="newTagName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            autoComplete="off"
            placeholder="Spring sale"
            hint={`${trimmed.length}/${TAG_NAME_MAX}. A tag of this name that already exists is used instead.`}
            error={localError ?? nameError}
          />
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {mode === "add" ? "Add tag" : "Remove tag"}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
