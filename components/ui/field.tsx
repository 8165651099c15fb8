import clsx from "clsx";
import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode } from "react";

export const controlClasses = clsx(
  "block rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm",
  "placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-500",
  "disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-400 aria-invalid:focus:outline-red-500",
);

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={clsx("block text-sm font-medium text-slate-800", className)} {...props} />;
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={clsx(controlClasses, "h-9 w-full", className)} {...props} />;
}

/** A line under a field: its error or its hint, tied to the control through `id` (aria-describedby). */
function FieldNote({ id, className, children }: { id?: string; className: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={clsx("mt-1.5 text-[13px]", className)}>
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  return (
    <FieldNote id={id} className="text-red-600">
      {children}
    </FieldNote>
  );
}

export function FieldHint({ id, children }: { id?: string; children?: ReactNode }) {
  return (
    <FieldNote id={id} className="text-slate-500">
      {children}
    </FieldNote>
  );
}
