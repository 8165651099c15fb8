import clsx from "clsx";
import type { ReactNode } from "react";
import { AlertIcon, CheckIcon } from "./icons";

type Tone = "success" | "error" | "warning" | "info";

const tones: Record<Tone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-brand-100 bg-brand-50 text-brand-700",
};

/** An inline message; errors are announced at once (role=alert), the rest politely. */
export function Notice({
  tone = "info",
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx("flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm", tones[tone], className)}
    >
      {tone === "success" ? (
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
      ) : (
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
