"use client";
// One automation's moves (duplicate, pause, resume, archive, delete a draft) behind a menu button, for the list rows
// and the report's header. Each item shows only to the roles that may make it (lib/permissions: writing a draft is
// an author's, what starts or stops mail a sender's); a viewer gets no menu at all. Every move confirms but the copy.
import { useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import type { Automation } from "@/lib/schemas/automations";
import { ActionsMenu, type MenuItem } from "@/components/ui/actions-menu";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCan } from "@/components/permissions/role-context";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { useAutomationMoves } from "./use-automation-mutations";

type Move = "pause" | "resume" | "archive" | "remove";
type Props = {
  workspaceId: string;
  automation: Pick<Automation, "id" | "name" | "status">;
  /** Pause or Resume as a button of its own beside the menu (the report's header), not an item in it. */
  pauseButton?: boolean;
};

const CONFIRM: Record<Move, { title: (name: string) => string; description: string; label: string; done: string }> = {
  pause: {
    title: (n) => `Pause “${n}”?`,
    description:
      "Contacts inside stay at the step they are on and no new contacts enter. Emails already queued still go out; no new ones are queued until you resume.",
    label: "Pause automation",
    done: "paused",
  },
  resume: {
    title: (n) => `Resume “${n}”?`,
    description:
      "Contacts go on from the step they were held at; a delay that ended meanwhile moves them on at once. New contacts enter again.",
    label: "Resume automation",
    done: "resumed",
  },
  archive: {
    title: (n) => `Archive “${n}”?`,
    description:
      "Contacts inside leave it now (counted as exited) and nobody enters again. Its report stays. An archived automation cannot be turned back on: duplicate it to start again.",
    label: "Archive automation",
    done: "archived",
  },
  remove: {
    title: (n) => `Delete “${n}”?`,
    description: "The draft and its steps are deleted for good. This cannot be undone.",
    label: "Delete draft",
    done: "deleted",
  },
};

export function AutomationActionsMenu({ workspaceId, automation: a, pauseButton }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();
  const canWrite = useCan("broadcasts.write");
  const canSend = useCan("broadcasts.send");
  const moves = useAutomationMoves(workspaceId);
  const [confirming, setConfirming] = useState<Move | null>(null);

  const items: MenuItem[] = [];
  if (canWrite)
    items.push({
      key: "duplicate",
      label: moves.duplicate.isPending ? "Duplicating…" : "Duplicate",
      run: () =>
        moves.duplicate.mutate(a.id, {
          onSuccess: (copy) => (
            toast.success(`“${copy.name}” created as a draft.`),
            router.push(`/automations/${copy.id}/edit`)
          ),
          onError: (e) => toast.error(errorMessage(e)),
        }),
    });
  const toggle: Move | null =
    canSend && a.status === "active" ? "pause" : canSend && a.status === "paused" ? "resume" : null;
  if (toggle && !pauseButton)
    items.push({ key: toggle, label: toggle === "pause" ? "Pause…" : "Resume…", run: () => setConfirming(toggle) });
  if (canSend && a.status !== "archived")
    items.push({ key: "archive", label: "Archive…", run: () => setConfirming("archive") });
  if (canWrite)
    items.push({
      key: "delete",
      label: "Delete…",
      danger: true,
      run: () => setConfirming("remove"),
      disabledReason: a.status === "draft" ? undefined : "Only drafts are deleted: archive it instead.",
    });

  const mutation = confirming ? moves[confirming] : null;
  const close = () => (mutation?.reset(), setConfirming(null));
  const confirm = () => {
    if (!confirming || !mutation) return;
    const text = CONFIRM[confirming];
    mutation.mutate(a.id, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(`“${a.name}” ${text.done}.`);
        // From its own report there is nothing left to look at once deleted.
        if (confirming === "remove" && pathname?.startsWith(`/automations/${a.id}`)) router.push("/automations");
      },
    });
  };
  const text = confirming ? CONFIRM[confirming] : null;

  return (
    <>
      {toggle && pauseButton && (
        <Button variant={toggle === "pause" ? "secondary" : "primary"} onClick={() => setConfirming(toggle)}>
          {toggle === "pause" ? "Pause" : "Resume"}
        </Button>
      )}
      <ActionsMenu label={`Actions for ${a.name}`} items={items} testId="automation-actions" />
      <ConfirmDialog
        open={text !== null}
        onClose={close}
        onConfirm={confirm}
        pending={mutation?.isPending}
        error={mutation?.isError ? errorMessage(mutation.error) : undefined}
        title={text?.title(a.name) ?? ""}
        description={text?.description ?? ""}
        confirmLabel={text?.label ?? ""}
      />
    </>
  );
}
