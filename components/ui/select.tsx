"use client";
import clsx from "clsx";
import type { ReactNode, SelectHTMLAttributes } from "react";
import { controlClasses, FieldError, FieldHint, Label } from "./field";
import { useFieldIds } from "./use-field-ids";

/** A native select: keyboard and screen-reader behaviour come for free. Full width unless `className` sets one. */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={clsx(controlClasses, "h-9 pr-8", !/\bw-/.test(className ?? "") && "w-full", className)}
      {...props}
    >
      {children}
    </select>
  );
}

/** One `<option>` per value, its text from `labels` (the value itself where a label is missing). */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels?: Partial<Record<T, string>>;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels?.[value] ?? value}
        </option>
      ))}
    </>
  );
}

type SelectFieldProps<T extends string> = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> & {
  label: ReactNode;
  value: T;
  onValueChange: (value: T) => void;
  /** The choices, each shown by its label; `children` (extra options such as a placeholder) come first. */
  options?: readonly T[];
  labels?: Partial<Record<T, string>>;
  hint?: ReactNode;
  error?: string;
  /** Classes of the wrapper; `selectClassName` sizes the select itself. */
  className?: string;
  selectClassName?: string;
};

/** Label + select + hint + error, wired with ids as TextField is: the select form of TextField. */
export function SelectField<T extends string>({
  label,
  value,
  onValueChange,
  options,
  labels,
  hint,
  error,
  id,
  className,
  selectClassName,
  children,
  ...props
}: SelectFieldProps<T>) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  return (
    <div className={className}>
      <Label htmlFor={controlId}>{label}</Label>
      <Select
        id={controlId}
        className={clsx("mt-1.5", selectClassName)}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValueChange(e.target.value as T)}
        {...props}
      >
        {children}
        {options && <Options values={options} labels={labels} />}
      </Select>
      <FieldError id={errorId}>{error}</FieldError>
      {!error && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
