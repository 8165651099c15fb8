"use client";
import { useId, useState } from "react";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { useBulkContacts, type BulkOperation } from "./use-contact-mutations";

type BulkActionsProps = { workspaceId: string; ids: string[]; tags: Tag[]; onDone: () => void };
type Open = "addTag" | "removeTag" | "unsubscribe" | "delete" | null;

const contactsLabel = (n: number) => `${formatNumber(n)} ${n === 1 ? "contact" : "contacts"}`;

/** The bar above the table while rows are selected; every action applies to exactly the selected rows. */
export function BulkActions({ workspaceId, ids, tags, onDone }: BulkActionsProps) {
  const toast = useToast();
  const bulk = useBulkContacts(workspaceId);
  const [open, setOpen] = useState<Open>(null);
  const count = contactsLabel(ids.length);

  function run(operation: BulkOperation, success: string) {
    setOpen(null);
    bulk.mutate(
      { ids, operation },
      {
        onSuccess: ({ failed }) => {
          onDone();
          toast.success(failed.length ? `${success} ${formatNumber(failed.length)} could not be changed.` : success);
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  }

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50/60 px-5 py-2.5"
    >
      <p className="mr-2 text-sm font-medium text-brand-800">{count} selected</p>
      <Button variant="secondary" size="sm" onClick={() => setOpen("addTag")} disabled={tags.length === 0}>
        Add tag
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen("removeTag")} disabled={tags.length === 0}>
        Remove tag
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen("unsubscribe")}>
        Unsubscribe
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen("delete")}
        className="text-red-600 hover:text-red-700"
      >
        Delete
      </Button>
      {bulk.isPending && <Spinner className="text-brand-600" />}
      <Button variant="ghost" size="sm" onClick={onDone} className="ml-auto">
        Clear selection
      </Button>

      <TagChoiceDialog
        open={open === "addTag" || open === "removeTag"}
        mode={open === "removeTag" ? "remove" : "add"}
        count={count}
        tags={tags}
        onClose={() => setOpen(null)}
        onSubmit={(tag) =>
          open === "removeTag"
            ? run({ kind: "removeTag", tagId: tag.id }, `Tag “${tag.name}” removed from ${count}.`)
            : run({ kind: "addTag", tagId: tag.id }, `Tag “${tag.name}” added to ${count}.`)
        }
      />
      <ConfirmDialog
        open={open === "unsubscribe"}
        onClose={() => setOpen(null)}
        onConfirm={() => run({ kind: "setStatus", status: "unsubscribed" }, `${count} unsubscribed.`)}
        title={`Unsubscribe ${count}?`}
        description="They stop receiving broadcasts. Each keeps its data and can subscribe again."
        confirmLabel={`Unsubscribe ${count}`}
      />
      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        onConfirm={() => run({ kind: "delete" }, `${count} deleted.`)}
        title={`Delete ${count}?`}
        description="Deleting erases their personal data: email, names, fields, tags and activity. Sending statistics keep anonymous counts. This cannot be undone."
        confirmLabel={`Delete ${count}`}
      />
    </div>
  );
}

type TagChoiceProps = {
  open: boolean;
  mode: "add" | "remove";
  count: string;
  tags: Tag[];
  onClose: () => void;
  onSubmit: (tag: Tag) => void;
};

function TagChoiceDialog({ open, mode, count, tags, onClose, onSubmit }: TagChoiceProps) {
  const [tagId, setTagId] = useState("");
  const selectId = useId();
  const tag = tags.find((t) => t.id === tagId) ?? tags[0];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={mode === "add" ? `Add a tag to ${count}` : `Remove a tag from ${count}`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (tag) onSubmit(tag);
        }}
      >
        <Label htmlFor={selectId}>Tag</Label>
        <Select
          id={selectId}
          className="mt-1.5"
          value={tag?.id ?? ""}
          onChange={(e) => setTagId(e.target.value)}
          data-autofocus
        >
          {tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{mode === "add" ? "Add tag" : "Remove tag"}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
