"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import type { Form } from "@/lib/schemas/forms";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { useDeleteForm, useDuplicateForm, useMoveForm, type FormMove } from "./use-form-mutations";

type Props = {
  workspaceId: string;
  form: Form;
  dirty: boolean;
  saving: boolean;
  onSave: () => Promise<Form | null>;
  onDiscard: () => void;
  /** This role may edit this form as it stands (a published one needs forms.publish). */
  canEdit: boolean;
};

const MOVED: Record<FormMove, string> = {
  publish: "Published: the form is live on your site.",
  unpublish: "Unpublished: the embed and the landing page stop answering at once.",
  archive: "Archived.",
  unarchive: "Unarchived: the form is a draft again.",
};

/** What each destructive move says before it happens. */
const CONFIRMS: Record<
  "archive" | "delete" | "unpublish",
  { verb: string; description: string; confirmLabel: string }
> = {
  unpublish: {
    verb: "Unpublish",
    description:
      "Embedded copies stop showing and the landing page answers 404 at once. You can publish it again later.",
    confirmLabel: "Unpublish",
  },
  archive: {
    verb: "Archive",
    description: "It stops answering on your site at once and becomes read-only. Its submissions and statistics stay.",
    confirmLabel: "Archive",
  },
  delete: {
    verb: "Delete",
    description: "The form disappears from the dashboard and stops answering on your site. This cannot be undone.",
    confirmLabel: "Delete form",
  },
};

/** Save, the publish switch and the form's other moves; each destructive one confirms first. */
export function BuilderToolbar({ workspaceId, form, dirty, saving, onSave, onDiscard, canEdit }: Props) {
  const canWrite = useCan("forms.write");
  const canPublish = useCan("forms.publish");
  const router = useRouter();
  const toast = useToast();
  const move = useMoveForm(workspaceId);
  const duplicate = useDuplicateForm(workspaceId);
  const remove = useDeleteForm(workspaceId);
  const [confirm, setConfirm] = useState<keyof typeof CONFIRMS | null>(null);
  // One dialog for the three: its content is rendered only while open, so the fallback is never shown.
  const asked = CONFIRMS[confirm ?? "archive"];
  const published = form.status === "published";
  const archived = form.status === "archived";

  const doMove = (m: FormMove) =>
    move.mutate(
      { id: form.id, move: m },
      {
        onSuccess: () => (setConfirm(null), toast.success(MOVED[m])),
        onError: (e) => (setConfirm(null), toast.error(errorMessage(e))),
      },
    );

  /** Publishing publishes what is on screen: unsaved edits are saved first (a refused save publishes nothing). */
  const publish = async () => {
    if (dirty && !(await onSave())) return;
    doMove("publish");
  };

  const doDuplicate = () =>
    duplicate.mutate(form.id, {
      onSuccess: (copy) => (toast.success(`“${copy.name}” created as a draft.`), router.push(`/forms/${copy.id}`)),
      onError: (e) => toast.error(errorMessage(e)),
    });

  const doDelete = () =>
    remove.mutate(form.id, {
      onSuccess: () => (toast.success(`“${form.name}” deleted.`), router.push("/forms")),
      onError: (e) => (setConfirm(null), toast.error(errorMessage(e))),
    });

  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {canEdit && (
        <Button
          onClick={() => void onSave()}
          loading={saving}
          disabled={!dirty || archived}
          title="Save (Ctrl+S)"
          aria-keyshortcuts="Control+S Meta+S"
        >
          Save changes
        </Button>
      )}
      {canEdit && dirty && (
        <>
          <Button variant="ghost" onClick={onDiscard}>
            Discard
          </Button>
          <span role="status" className="text-[13px] text-amber-700">
            Unsaved changes
          </span>
        </>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {canPublish && !archived && (
          <button
            type="button"
            role="switch"
            aria-checked={published}
            disabled={move.isPending || saving}
            onClick={() => (published ? setConfirm("unpublish") : void publish())}
            className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          >
            <span
              aria-hidden="true"
              className={clsx(
                "relative inline-flex h-5 w-9 rounded-full transition-colors",
                published ? "bg-emerald-600" : "bg-slate-300",
              )}
            >
              <span
                className={clsx(
                  "absolute top-0.5 size-4 rounded-full bg-white shadow transition-all",
                  published ? "left-4.5" : "left-0.5",
                )}
              />
            </span>
            Published
          </button>
        )}
        {canWrite && (
          <Button variant="secondary" onClick={doDuplicate} loading={duplicate.isPending}>
            Duplicate
          </Button>
        )}
        {!canPublish ? null : archived ? (
          <Button variant="secondary" onClick={() => doMove("unarchive")} loading={move.isPending}>
            Unarchive
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirm("archive")}>
            Archive
          </Button>
        )}
        {canPublish && (
          <Button variant="danger" onClick={() => setConfirm("delete")}>
            Delete
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm === "delete" ? doDelete() : confirm && doMove(confirm))}
        pending={confirm === "delete" ? remove.isPending : move.isPending}
        title={`${asked.verb} “${form.name}”?`}
        description={asked.description}
        confirmLabel={asked.confirmLabel}
      />
    </div>
  );
}
