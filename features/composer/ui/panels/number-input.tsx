"use client";
// A number field over a draft value with a range: what is typed stays as typed while the field has focus (an
// emptied field or a "1" on the way to "15" is not forced to the range at once), and goes into the draft as soon
// as it is a number the range allows; leaving the field settles it on the nearest allowed value.
import { useState, type InputHTMLAttributes } from "react";
import clsx from "clsx";
import { Input } from "@/components/ui/field";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  value: number;
  onCommit: (value: number) => void;
  /** The allowed value nearest to a typed one. */
  normalise: (value: number) => number;
};

/** `className` sizes the field (the shared Input is full width inside it). */
export function NumberInput({ value, onCommit, normalise, onFocus, onBlur, className, ...props }: Props) {
  const [text, setText] = useState<string | null>(null);
  return (
    <span className={clsx("block", className)}>
      <Input
        {...props}
        type="number"
        inputMode="numeric"
        value={text ?? String(value)}
        onFocus={(e) => {
          setText(String(value));
          onFocus?.(e);
        }}
        onChange={(e) => {
          const raw = e.target.value;
          setText(raw);
          const n = Number(raw);
          if (raw.trim() !== "" && Number.isFinite(n) && normalise(n) === n && n !== value) onCommit(n);
        }}
        onBlur={(e) => {
          if (text !== null && text.trim() !== "") {
            const settled = normalise(Number(text));
            if (settled !== value) onCommit(settled);
          }
          setText(null);
          onBlur?.(e);
        }}
      />
    </span>
  );
}
