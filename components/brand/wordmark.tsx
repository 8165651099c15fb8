import clsx from "clsx";

/** The Sendwell mark: an envelope flap in a brand square, then the name. */
export function Wordmark({ className, size = "md" }: { className?: string; size?: "md" | "lg" }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900", className)}>
      <span
        aria-hidden="true"
        className={clsx(
          "flex items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm",
          size === "lg" ? "size-9" : "size-7",
        )}
      >
        <svg
          viewBox="0 0 24 24"
          className={size === "lg" ? "size-5" : "size-4"}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <rect x="3" y="5.5" width="18" height="13" rx="2" />
          <path d="m3.5 7 8.5 6.5L20.5 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className={size === "lg" ? "text-xl" : "text-[15px]"}>Sendwell</span>
    </span>
  );
}
