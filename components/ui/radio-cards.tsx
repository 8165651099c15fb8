"use client";
import { useId, type ReactNode } from "react";
import clsx from "clsx";

type RadioCardsProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly { value: T; label: ReactNode; detail: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
};

/** A choice of a few options, each a card with a line that says what it means (read out as the radio's description). */
export function RadioCards<T extends string>({ legend, name, options, value, onChange, error }: RadioCardsProps<T>) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "flex cursor-pointer gap-3 rounded-lg border px-3.5 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
              value === option.value ? "border-brand-500 bg-brand-50/50" : "border-slate-200 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={`${id}-${option.value}`}
              className="mt-0.5 size-4 accent-brand-600 focus:outline-none"
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span id={`${id}-${option.value}`} className="block text-[13px] text-slate-500">
                {option.detail}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
