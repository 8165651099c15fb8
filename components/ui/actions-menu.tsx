"use client";
// A row's or a header's secondary actions behind a "⋯" menu button, as the WAI-ARIA menu button pattern: Enter,
// Space or the arrows open it on an item; arrows, Home and End move; Escape closes back to the button; Tab leaves.
// The menu is fixed-positioned under the button, so a table's sideways scroll box never clips it. The same
// behaviour as the broadcast menu (features/broadcast-send/ui/broadcast-actions-menu.tsx), for any list of items.
import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import clsx from "clsx";
import { useDismiss } from "./use-dismiss";

export type MenuItem = {
  key: string;
  label: string;
  run: () => void;
  /** Shown under the label, and the item does nothing: why it is not offered now. */
  disabledReason?: string;
  danger?: boolean;
};

type ActionsMenuProps = {
  /** The button's and the menu's accessible name: "Actions for Welcome series". */
  label: string;
  items: MenuItem[];
  testId?: string;
};

export function ActionsMenu({ label, items, testId }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Button and menu together: a press on the button while open toggles it closed instead of dismiss-then-reopen.
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapperRef, buttonRef);

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

  if (items.length === 0) return null;
  const wrap = (i: number) => (i + items.length) % items.length;
  const openAt = (index: number) => (setFocusIndex(wrap(index)), setOpen(true));

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
      setFocusIndex(wrap(move[e.key]!));
    } else if (e.key === "Tab") {
      close();
    }
  };
  const choose = (item: MenuItem) => {
    if (item.disabledReason) return;
    close();
    buttonRef.current?.focus();
    item.run();
  };

  return (
    <span ref={wrapperRef} className="inline-flex">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close() : openAt(0))}
        onKeyDown={onButtonKeyDown}
        data-testid={testId}
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
          id={menuId}
          role="menu"
          aria-label={label}
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
              {item.disabledReason && <span className="block text-[12px] text-slate-500">{item.disabledReason}</span>}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
