"use client";
// One broadcast's secondary actions (duplicate, resend to unopened, archive, delete) behind a menu button, for the
// list rows, the report page's header and the composer's header. Keyboard as the WAI-ARIA menu button pattern:
// Enter, Space or the arrows open it on an item; arrows, Home and End move; Escape closes back to the button.
import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { usePathname, useRouter } from "next/navigation";
import clsx from "clsx";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDismiss } from "@/components/ui/use-dismiss";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { ResendUnopenedDialog } from "./resend-unopened-dialog";
import { useArchiveBroadcast, useDeleteBroadcast, useDuplicateBroadcast } from "./use-broadcast-menu-actions";
import { useCan } from "@/components/permissions/role-context";

export type BroadcastActionsMenuProps = { workspaceId: string; broadcast: Broadcast; onDone?: () => void };

type Item = { key: string; label: string; run: () => void; disabledReason?: string; danger?: boolean };
type Dialog = null | "resend" | "archive" | "delete";

/** Why Delete is not offered as such: the delete service keeps everything but drafts. */
function deleteRefusal(b: Broadcast): string | undefined {
  if (b.status === "scheduled") return "Cancel the schedule first.";
  if (b.status === "sent") return "Sent broadcasts keep their statistics: archive it instead.";
  if (b.status === "sending") return "It is sending.";
  return undefined;
}

/** Every item writes (duplicate, resend as a new draft, archive, delete): roles that only read get no menu at all. */
export function BroadcastActionsMenu(props: BroadcastActionsMenuProps) {
  return useCan("broadcasts.write") ? <ActionsMenu {...props} /> : null;
}

function ActionsMenu({ workspaceId, broadcast: b, onDone }: BroadcastActionsMenuProps) {
  const router = useRouter();
  const pathname = usePathname();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Button and menu together: a press on the button while open toggles it closed instead of dismiss-then-reopen.
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const duplicate = useDuplicateBroadcast(workspaceId);
  const archive = useArchiveBroadcast(workspaceId);
  const remove = useDeleteBroadcast(workspaceId);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapperRef, buttonRef);

  const items: Item[] = [
    {
      key: "duplicate",
      label: duplicate.isPending ? "Duplicating…" : "Duplicate",
      run: () =>
        duplicate.mutate(b.id, {
          onSuccess: (copy) => (onDone?.(), router.push(`/broadcasts/${copy.id}/edit`)),
          onError: (e) => toast.error(errorMessage(e)),
        }),
    },
    ...(b.status === "sent" ? [{ key: "resend", label: "Resend to unopened…", run: () => setDialog("resend") }] : []),
    ...(b.status !== "sending"
      ? [{ key: "archive", label: b.archived ? "Unarchive…" : "Archive…", run: () => setDialog("archive") }]
      : []),
    { key: "delete", label: "Delete…", run: () => setDialog("delete"), disabledReason: deleteRefusal(b), danger: true },
  ];

  // The menu is fixed-positioned under the button, so a table's horizontal scroll box never clips it.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = buttonRef.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
    };
    place();
    window.addEventListener("resize", close);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", close);
      window.removeEventListener("scroll", place, true);
    };
  }, [open, close]);

  useLayoutEffect(() => {
    if (open && position) itemRefs.current[focusIndex]?.focus();
  }, [open, position, focusIndex]);

  const openAt = (index: number) => {
    setFocusIndex((index + items.length) % items.length);
    setOpen(true);
  };

  const onButtonKeyDown = (e: KeyboardEvent) => {
    const start = e.key === "ArrowUp" ? items.length - 1 : ["ArrowDown", "Enter", " "].includes(e.key) ? 0 : null;
    if (start === null) return;
    e.preventDefault();
    openAt(start);
  };

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const move: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (e.key in move) {
      e.preventDefault();
      setFocusIndex((move[e.key]! + items.length) % items.length);
    } else if (e.key === "Tab") {
      close();
    }
  };

  const choose = (item: Item) => {
    if (item.disabledReason) return;
    close();
    buttonRef.current?.focus();
    item.run();
  };

  const doArchive = () =>
    archive.mutate(
      { id: b.id, archived: !b.archived },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(b.archived ? `“${b.name}” is back in the list.` : `“${b.name}” archived.`);
          onDone?.();
        },
      },
    );

  const doDelete = () =>
    remove.mutate(b.id, {
      onSuccess: () => {
        setDialog(null);
        toast.success(`“${b.name}” deleted.`);
        onDone?.();
        // From the broadcast's own pages (composer, report) there is nothing left to look at.
        if (pathname?.startsWith(`/broadcasts/${b.id}`)) router.push("/broadcasts");
      },
    });

  const closeDialog = () => (archive.reset(), remove.reset(), setDialog(null));

  return (
    <>
      <span ref={wrapperRef} className="inline-flex">
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          aria-label={`Actions for ${b.name}`}
          onClick={() => (open ? close() : openAt(0))}
          onKeyDown={onButtonKeyDown}
          data-testid="broadcast-actions"
          className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden className="size-5">
            <circle cx="4" cy="10" r="1.6" />
            <circle cx="10" cy="10" r="1.6" />
            <circle cx="16" cy="10" r="1.6" />
          </svg>
        </button>
        {open && (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={`Actions for ${b.name}`}
            onKeyDown={onMenuKeyDown}
            style={position ? { top: position.top, right: position.right } : { visibility: "hidden" }}
            className="fixed z-50 min-w-52 rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg"
          >
            {items.map((item, i) => (
              <button
                key={item.key}
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabledReason ? true : undefined}
                onClick={() => choose(item)}
                onMouseEnter={() => setFocusIndex(i)}
                className={clsx(
                  "block w-full px-3 py-2 text-left text-sm focus:bg-slate-100 focus:outline-none",
                  item.disabledReason
                    ? "cursor-not-allowed text-slate-400"
                    : item.danger
                      ? "text-red-700"
                      : "text-slate-800",
                )}
              >
                {item.label}
                {item.disabledReason && <span className="block text-[12px] text-slate-400">{item.disabledReason}</span>}
              </button>
            ))}
          </div>
        )}
      </span>

      <ResendUnopenedDialog open={dialog === "resend"} onClose={closeDialog} broadcast={b} onDone={onDone} />
      <ConfirmDialog
        open={dialog === "archive"}
        onClose={closeDialog}
        onConfirm={doArchive}
        pending={archive.isPending}
        error={archive.isError ? errorMessage(archive.error) : undefined}
        title={b.archived ? `Unarchive “${b.name}”?` : `Archive “${b.name}”?`}
        description={
          b.archived
            ? "It moves back to the main list. Nothing else changes."
            : "It leaves the main list (find it again with Show archived). Its status, schedule and statistics stay as they are; a scheduled broadcast still goes out."
        }
        confirmLabel={b.archived ? "Unarchive" : "Archive"}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onClose={closeDialog}
        onConfirm={doDelete}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        title={`Delete “${b.name}”?`}
        description="The draft and its content are deleted for good. This cannot be undone."
        confirmLabel="Delete draft"
      />
    </>
  );
}
