import clsx from "clsx";

type ProgressBarProps = {
  label: string;
  value: number;
  valueText?: string;
  tone?: "brand" | "red";
  /** The track's height and colour: a thinner white one on a tinted panel. */
  track?: "plain" | "on-tint";
};

/** A determinate progress bar; screen readers announce the label, the percentage and valueText. */
export function ProgressBar({ label, value, valueText, tone = "brand", track = "plain" }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText ?? `${percent}%`}
      className={clsx(
        "w-full overflow-hidden rounded-full",
        track === "on-tint" ? "h-2 bg-white" : "h-2.5 bg-slate-100",
      )}
    >
      <div
        className={clsx(
          "h-full rounded-full transition-[width] duration-500 ease-out",
          tone === "red" ? "bg-red-500" : "bg-brand-600",
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
