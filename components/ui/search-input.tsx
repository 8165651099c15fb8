// The search box of list pages: a magnifier inside a labelled search input. `className` sizes the box (its width).
import clsx from "clsx";
import { SearchIcon } from "./icons";

export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
  className,
  compact = false,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name, e.g. "Search tags". */
  label: string;
  className?: string;
  /** 32 px high instead of 36, beside small buttons. */
  compact?: boolean;
}) {
  return (
    <div className={clsx("relative", className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className={clsx(
          compact ? "h-8" : "h-9",
          "w-full rounded-lg border border-slate-300 bg-white pr-3 pl-8 text-sm shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-500",
        )}
      />
    </div>
  );
}
