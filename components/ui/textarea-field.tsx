"use client";
import clsx from "clsx";
import type { ReactNode, TextareaHTMLAttributes } from "react";
import { controlClasses, FieldError, FieldHint, Label } from "./field";
import { useFieldIds } from "./use-field-ids";

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: ReactNode;
  error?: string;
};

/** Label + textarea + hint + error, wired as TextField is: the multi-line form of TextField (3 rows unless told). */
export function TextAreaField({ label, hint, error, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      <textarea
        id={controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(controlClasses, "mt-1.5 w-full py-2")}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
      {!error && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
