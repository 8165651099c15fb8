"use client";
import { useHydrated } from "@/lib/use-hydrated";
import { useEffect, useRef, useState, type ReactNode } from "react";
import Link from "next/link";
import { Wordmark } from "@/components/brand/wordmark";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { ToastProvider } from "@/components/ui/toast";
import { MAIN_ID, SkipLink } from "@/components/ui/skip-link";
import { SidebarContent, type ShellUser, type ShellWorkspace } from "./sidebar-content";

type ShellProps = { user: ShellUser; workspace: ShellWorkspace; workspaces: ShellWorkspace[]; children: ReactNode };

/** A fixed sidebar from lg up; below that a top bar whose menu button opens the same sidebar as a modal drawer. */
export function DashboardShell({ user, workspace, workspaces, children }: ShellProps) {
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  const sidebar = { user, workspace, workspaces };

  useEffect(() => {
    const dialog = drawer.current;
    if (menuOpen && dialog && !dialog.open) dialog.showModal();
    if (!menuOpen && dialog?.open) dialog.close();
  }, [menuOpen]);

  return (
    <ToastProvider>
      <div className="min-h-screen">
        <SkipLink />
        <aside className="fixed inset-y-0 left-0 hidden w-60 border-r border-slate-200 bg-white lg:block">
          <SidebarContent {...sidebar} />
        </aside>

        <header className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-slate-200 bg-white/90 px-4 backdrop-blur lg:hidden">
          <Link href="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600">
            <Wordmark />
          </Link>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            aria-disabled={hydrated ? undefined : true}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <MenuIcon className="size-5" />
          </button>
        </header>

        <dialog
          ref={drawer}
          aria-label="Menu"
          onClose={() => setMenuOpen(false)}
          onClick={(e) => e.target === e.currentTarget && setMenuOpen(false)}
          className="m-0 h-full max-h-none w-72 max-w-[85vw] border-r border-slate-200 bg-white p-0 backdrop:bg-slate-900/40 lg:hidden"
        >
          {menuOpen && (
            <div className="relative h-full">
              <SidebarContent {...sidebar} onNavigate={() => setMenuOpen(false)} />
              <button
                type="button"
                onClick={() => setMenuOpen(false)}
                aria-label="Close menu"
                className="absolute top-4 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="size-5" />
              </button>
            </div>
          )}
        </dialog>

        <main id={MAIN_ID} tabIndex={-1} className="focus:outline-none lg:pl-60">
          <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">{children}</div>
        </main>
      </div>
    </ToastProvider>
  );
}
