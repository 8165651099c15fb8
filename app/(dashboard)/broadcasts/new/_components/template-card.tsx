"use client";
import type { ReactNode } from "react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";

type Props = {
  name: string;
  /** The button's visible words ("Use this template", "Start blank"); the card's name follows for screen readers. */
  useLabel?: string;
  description: ReactNode;
  picture: ReactNode;
  onUse: () => void;
  /** This card's draft is being created. */
  pending: boolean;
  /** Another card's draft is being created. */
  disabled: boolean;
  /** Extra controls (rename, delete) above the card's own click area. */
  actions?: ReactNode;
};

/**
 * One starting point. The "Use this template" button stretches over the whole card (its ::after), so a click on
 * the picture uses it too while the keyboard meets one control per card (plus its own actions).
 */
export function TemplateCard({
  name,
  useLabel = "Use this template",
  description,
  picture,
  onUse,
  pending,
  disabled,
  actions,
}: Props) {
  return (
    <li
      className={clsx(
        "group relative flex flex-col overflow-hidden rounded-lg border bg-white shadow-xs transition",
        "border-slate-200 hover:border-brand-300 hover:shadow-md focus-within:border-brand-400",
      )}
    >
      <div className="border-b border-slate-200">{picture}</div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-sm font-semibold text-slate-900" title={name}>
              {name}
            </h3>
            <p className="mt-0.5 text-[13px] text-slate-600">{description}</p>
          </div>
          {actions && <div className="relative z-10 -mt-1 -mr-2 flex shrink-0 items-center">{actions}</div>}
        </div>
        <div className="mt-auto">
          <Button
            size="sm"
            variant="secondary"
            onClick={onUse}
            loading={pending}
            disabled={disabled}
            // The visible words first (what voice control users say), then which card it is.
            aria-label={`${useLabel}: ${name}`}
            className="cursor-pointer after:absolute after:inset-0 after:content-['']"
          >
            {useLabel}
          </Button>
        </div>
      </div>
    </li>
  );
}
