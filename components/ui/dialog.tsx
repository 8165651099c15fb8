"use client";
import { useEffect, useId, useRef, type ReactNode } from "react";
import clsx from "clsx";
import { CloseIcon } from "./icons";

type DialogProps = {
  open: boolean;
  /** Called when the user dismisses the dialog (Escape, close button, backdrop); may be called more than once. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
  /** False for dialogs that must not vanish on a stray click, such as the one showing a new secret. */
  dismissOnBackdrop?: boolean;
};

const widths = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg" };

/** A FormDialog's first field: where typing starts when nothing is marked `data-autofocus`. */
const FIRST_FIELD = "[data-form-dialog] :is(input, select, textarea):not([disabled], [type=hidden])";

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert and closes on Escape. Content is
 * rendered only while open so forms start fresh each time. Put `data-autofocus` on the element to focus first (a
 * FormDialog focuses its first field without it).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  size = "md",
  dismissOnBackdrop = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      (
        dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>(FIRST_FIELD)
      )?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        onClose();
        // The opener may have been removed (a revoked row); only return focus to elements still in the page.
        if (returnFocus.current?.isConnected) returnFocus.current.focus();
      }}
      onPointerDown={(e) => (pressStartedOnBackdrop.current = e.target === e.currentTarget)}
      onClick={(e) => {
        // A text selection dragged out of the panel ends on the backdrop; only a press that began there dismisses.
        if (dismissOnBackdrop && e.target === e.currentTarget && pressStartedOnBackdrop.current) onClose();
      }}
      className={clsx(
        "m-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl",
        "backdrop:bg-slate-900/40 backdrop:backdrop-blur-[2px]",
        widths[size],
      )}
    >
      {open && (
        <div className="relative px-6 pt-5 pb-6">
          <h2 id={titleId} className="pr-8 text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </div>
          )}
          <div className="mt-5">{children}</div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </dialog>
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
