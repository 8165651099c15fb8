import clsx from "clsx";

const shades = [
  "bg-brand-600",
  "bg-sky-700",
  "bg-emerald-700",
  "bg-amber-700",
  "bg-rose-600",
  "bg-violet-600",
  "bg-teal-700",
];

/** Initials on a colour derived from the text, so each workspace keeps a recognisable badge. */
export function Avatar({ text, className, square }: { text: string; className?: string; square?: boolean }) {
  const words = text
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const initials = (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2)).toUpperCase();
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        "flex size-7 shrink-0 items-center justify-center text-[11px] font-semibold text-white",
        square ? "rounded-md" : "rounded-full",
        shades[hash % shades.length],
        className,
      )}
    >
      {initials}
    </span>
  );
}
