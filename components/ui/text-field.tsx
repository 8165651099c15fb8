"use client";
import type { InputHTMLAttributes } from "react";
import { FieldError, FieldHint, Input, Label } from "./field";
import { useFieldIds } from "./use-field-ids";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string;
};

/** Label + input + hint + error, wired together with ids so screen readers announce the error with the field. */
export function TextField({ label, hint, error, id, className, ...props }: TextFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      <Input
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1.5"
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
      {!error && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
