"use client";
import { useHydrated } from "@/lib/use-hydrated";
import { useCallback, useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import { Avatar } from "@/components/ui/avatar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CheckIcon, ChevronUpDownIcon, LogOutIcon, PlusIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useDismiss } from "@/components/ui/use-dismiss";
import { switchWorkspaceAction } from "@/app/_actions/workspaces";
import { leaveWorkspaceAction } from "@/app/(dashboard)/settings/team/actions";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import type { ShellWorkspace } from "./sidebar-content";

const itemClasses =
  "flex w-full items-center gap-2.5 rounded-md px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none";

export function WorkspaceSwitcher({ current, workspaces }: { current: ShellWorkspace; workspaces: ShellWorkspace[] }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const [leavePending, setLeavePending] = useState(false);
  const [leaveError, setLeaveError] = useState<string>();
  const [, startTransition] = useTransition();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  async function switchTo(id: string) {
    if (id === current.id) return setOpen(false);
    setSwitchingTo(id);
    const result = await switchWorkspaceAction({ id });
    setSwitchingTo(undefined);
    setOpen(false);
    if (!result.ok) return toast.error(result.error);
    startTransition(() => router.refresh());
  }

  // Any role may leave (the area is "workspace"); the owner is told to transfer ownership first.
  async function leave() {
    setLeavePending(true);
    const result = await leaveWorkspaceAction({});
    setLeavePending(false);
    if (!result.ok) return setLeaveError(result.error);
    setLeaving(false);
    toast.success(`You left ${current.name}.`);
    startTransition(() => {
      router.replace("/");
      router.refresh();
    });
  }
  const lastOne = workspaces.length <= 1;

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-disabled={hydrated ? undefined : true}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-center gap-2.5 rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-left shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Avatar text={current.name} square />
        <span className="min-w-0 flex-1">
          <span className="sr-only">Workspace: </span>
          <span className="block truncate text-sm font-medium text-slate-900">{current.name}</span>
          <span className="block text-xs text-slate-500 capitalize">{current.role}</span>
        </span>
        <ChevronUpDownIcon className="size-4 text-slate-400" />
      </button>

      {open && (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <p className="px-2 pt-1.5 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
            Workspaces
          </p>
          <ul className="max-h-64 overflow-y-auto">
            {workspaces.map((w) => (
              <li key={w.id}>
                <button
                  type="button"
                  onClick={() => switchTo(w.id)}
                  aria-current={w.id === current.id ? "true" : undefined}
                  className={itemClasses}
                >
                  <Avatar text={w.name} square className="size-5 text-[9px]" />
                  <span className="min-w-0 flex-1 truncate">{w.name}</span>
                  {switchingTo === w.id ? (
                    <Spinner className="text-slate-400" />
                  ) : (
                    <CheckIcon className={clsx("size-4 text-brand-600", w.id !== current.id && "invisible")} />
                  )}
                </button>
              </li>
            ))}
          </ul>
          <div className="my-1 border-t border-slate-100" />
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
            className={itemClasses}
          >
            <span className="flex size-5 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500">
              <PlusIcon className="size-3.5" />
            </span>
            Create workspace
          </button>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setLeaveError(undefined);
              setLeaving(true);
            }}
            className={clsx(itemClasses, "text-red-700")}
          >
            <span className="flex size-5 items-center justify-center text-red-600">
              <LogOutIcon className="size-3.5" />
            </span>
            Leave workspace
          </button>
        </div>
      )}
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        onConfirm={leave}
        pending={leavePending}
        error={leaveError}
        title={`Leave ${current.name}?`}
        description={
          current.role === "owner"
            ? "You own this workspace. Transfer ownership to another member in Settings → Team first; then you can leave."
            : lastOne
              ? "You lose access at once, and this is your only workspace: you will have none until someone invites you again."
              : "You lose access at once. Someone who manages the team can invite you again."
        }
        confirmLabel="Leave workspace"
      />
    </div>
  );
}
