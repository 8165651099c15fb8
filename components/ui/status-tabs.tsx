"use client";
import clsx from "clsx";

type StatusTabsProps<S extends string> = {
  statuses: readonly S[];
  /** "" is All. */
  value: S | "";
  onChange: (status: S | "") => void;
  labels: Record<S, string>;
};

/** A list's status filter as a row of tabs (All first) on top of its card; the row scrolls by itself on a phone. */
export function StatusTabs<S extends string>({ statuses, value, onChange, labels }: StatusTabsProps<S>) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-5 pt-2">
      <nav aria-label="Filter by status" className="-mb-px flex gap-5 overflow-x-auto">
        {(["", ...statuses] as const).map((s) => (
          <button
            key={s || "all"}
            type="button"
            aria-pressed={value === s}
            onClick={() => onChange(s)}
            className={clsx(
              "border-b-2 px-0.5 pt-1.5 pb-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600",
              value === s
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
            )}
          >
            {s ? labels[s] : "All"}
          </button>
        ))}
      </nav>
    </div>
  );
}
