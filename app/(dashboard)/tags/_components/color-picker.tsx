"use client";
import clsx from "clsx";
import { CheckIcon } from "@/components/ui/icons";

const NAMES: Record<string, string> = {
  "#6366f1": "Indigo",
  "#0ea5e9": "Sky",
  "#10b981": "Emerald",
  "#f59e0b": "Amber",
  "#ef4444": "Red",
  "#ec4899": "Pink",
  "#8b5cf6": "Violet",
  "#14b8a6": "Teal",
};

type ColorPickerProps = {
  palette: readonly string[];
  value: string;
  onChange: (color: string) => void;
  error?: string;
};

/** Palette swatches are radio buttons (arrow keys move between them); the native colour input covers the rest. */
export function ColorPicker({ palette, value, onChange, error }: ColorPickerProps) {
  const custom = !palette.includes(value);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Colour</legend>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {palette.map((color) => (
          <label key={color} className="relative cursor-pointer" title={NAMES[color] ?? color}>
            <input
              type="radio"
              name="color"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              aria-label={NAMES[color] ?? color}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              className={clsx(
                "flex size-7 items-center justify-center rounded-full ring-offset-2 transition-shadow",
                "peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600",
                value === color && "ring-2 ring-slate-900/70",
              )}
              style={{ backgroundColor: color }}
            >
              {value === color && <CheckIcon className="size-3.5 text-white" />}
            </span>
          </label>
        ))}
        <label
          className={clsx(
            "ml-1 flex h-7 cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 pr-2.5 pl-1 text-[13px] text-slate-600",
            "focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50",
            custom && "border-slate-900/70",
          )}
        >
          <input
            type="color"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="size-5 cursor-pointer rounded-full border-0 bg-transparent p-0 [&::-webkit-color-swatch]:rounded-full [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
          />
          Custom
        </label>
      </div>
      {error && <p className="mt-1.5 text-[13px] text-red-600">{error}</p>}
    </fieldset>
  );
}
