"use client";
import { useState } from "react";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, toFieldErrorMap, unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { contactsLabel, type BulkActionKind, type BulkProgress } from "@/lib/contacts/bulk-messages";
import type { BulkTarget } from "@/server/services/contacts/bulk-action-schema";
import { startBulkContactsAction } from "../bulk-actions";
import { useCan } from "@/components/permissions/role-context";
import { BulkTagDialog, type TagChoice } from "./bulk-tag-dialog";

type BulkActionsProps = {
  target: BulkTarget;
  /** How many contacts the target holds (the selection's size, or the matching count). */
  count: number;
  tags: Tag[];
  /** A bulk change is running: a second one would be refused, so the buttons wait. */
  busy: boolean;
  onStarted: (progress: BulkProgress) => void;
  onClear: () => void;
};
type Open = "tag" | "untag" | "unsubscribe" | "delete" | null;

/** From this many contacts on, deleting asks to type the count (or "delete"): a click is too easy to regret. */
export const TYPED_DELETE_FROM = 1000;

/** The bar above the table while contacts are selected; every action applies to the selection or all matching. */
export function BulkActions({ target, count, tags, busy, onStarted, onClear }: BulkActionsProps) {
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [pending, setPending] = useState(false);
  const [nameError, setNameError] = useState<string>();
  const label = contactsLabel(count);

  async function start(action: BulkActionKind, tag?: TagChoice) {
    setPending(true);
    setNameError(undefined);
    try {
      const result = await startBulkContactsAction({ action, ...tag, target });
      const newName = toFieldErrorMap(result.ok ? undefined : result.fieldErrors).newTagName;
      if (newName) return setNameError(newName);
      const progress = unwrap(result);
      setOpen(null);
      onStarted(progress);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }
  const disabled = busy || pending;
  const canDelete = useCan("contacts.delete");

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50/60 px-5 py-2.5"
    >
      <p className="mr-2 text-sm font-medium text-brand-800">{label} selected</p>
      <Button variant="secondary" size="sm" onClick={() => setOpen("tag")} disabled={disabled}>
        Add tag
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen("untag")} disabled={disabled || tags.length === 0}>
        Remove tag
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen("unsubscribe")} disabled={disabled}>
        Unsubscribe
      </Button>
      {canDelete && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen("delete")}
          disabled={disabled}
          className="text-red-600 hover:text-red-700"
        >
          Delete
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onClear} className="ml-auto">
        Clear selection
      </Button>

      <BulkTagDialog
        open={open === "tag" || open === "untag"}
        mode={open === "untag" ? "remove" : "add"}
        count={label}
        tags={tags}
        pending={pending}
        nameError={nameError}
        onClose={() => (setOpen(null), setNameError(undefined))}
        onSubmit={(tag) => start(open === "untag" ? "untag" : "tag", tag)}
      />
      <ConfirmDialog
        open={open === "unsubscribe"}
        onClose={() => setOpen(null)}
        onConfirm={() => start("unsubscribe")}
        pending={pending}
        title={`Unsubscribe ${label}?`}
        description="They stop receiving broadcasts and keep their data. Bounced and complained addresses keep that status."
        confirmLabel={`Unsubscribe ${label}`}
      />
      <DeleteDialog
        open={open === "delete"}
        count={count}
        pending={pending}
        onClose={() => setOpen(null)}
        onConfirm={() => start("delete")}
      />
    </div>
  );
}

type DeleteDialogProps = { open: boolean; count: number; pending: boolean; onClose: () => void; onConfirm: () => void };

function DeleteDialog({ open, count, pending, onClose, onConfirm }: DeleteDialogProps) {
  const [typed, setTyped] = useState("");
  const label = contactsLabel(count);
  const typedOk =
    count < TYPED_DELETE_FROM ||
    typed.trim().toLowerCase() === "delete" ||
    typed.replace(/[\s,.'’]/g, "") === String(count);
  const close = () => (setTyped(""), onClose());
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={`Delete ${label}?`}
      description="Deleting erases their personal data: email, names, fields, tags and activity. Sending statistics keep anonymous counts. This cannot be undone."
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typedOk) onConfirm();
        }}
      >
        {count >= TYPED_DELETE_FROM && (
          <TextField
            label={`Type ${formatNumber(count)} or “delete” to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            data-autofocus
          />
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={close} data-autofocus={count < TYPED_DELETE_FROM || undefined}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={pending} disabled={!typedOk}>
            {`Delete ${label}`}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
