"use client";
import { CloseIcon } from "@/components/ui/icons";

type TagChipProps = { name: string; color: string; onRemove?: () => void; disabled?: boolean; className?: string };

/** A tag as a pill; with onRemove it carries its own remove button, named after the tag for screen readers. */
export function TagChip({ name, color, onRemove, disabled, className = "max-w-full" }: TagChipProps) {
  return (
    <span
      className={`inline-flex ${className} items-center gap-1.5 rounded-full border border-slate-200 bg-white py-0.5 pr-1.5 pl-2 text-xs text-slate-700`}
      title={name}
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      <span className="truncate">{name}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove tag ${name}`}
          className="-mr-0.5 rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          <CloseIcon className="size-3" />
        </button>
      )}
    </span>
  );
}
