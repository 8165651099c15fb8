"use client";
import { useId } from "react";
import { FORM_FONTS, type FormStyles } from "@/lib/schemas/forms";
import { FieldError, Input, Label } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { PanelProps } from "./builder-context";
import { RadioRow } from "./panel-controls";

type ColourKey = "backgroundColor" | "textColor" | "buttonColor" | "buttonTextColor" | "inputBorderColor";
const COLOURS: { key: ColourKey; label: string }[] = [
  { key: "backgroundColor", label: "Background colour" },
  { key: "textColor", label: "Text colour" },
  { key: "buttonColor", label: "Button colour" },
  { key: "buttonTextColor", label: "Button text colour" },
  { key: "inputBorderColor", label: "Input border colour" },
];
const FONT_LABELS: Record<(typeof FORM_FONTS)[number], string> = {
  system: "System (the visitor's own)",
  sans: "Sans serif",
  serif: "Serif",
  mono: "Monospace",
  rounded: "Rounded",
};
const HEX = /^#[0-9a-fA-F]{6}$/;
type PixelKey = "fontSize" | "borderRadius" | "maxWidth";
/** The sizes in pixels, with the schema's ranges (the server refuses what is outside them). */
const PIXELS: { key: PixelKey; label: string; min: number; max: number; step?: number }[] = [
  { key: "fontSize", label: "Font size", min: 12, max: 22 },
  { key: "borderRadius", label: "Corner radius", min: 0, max: 32 },
  { key: "maxWidth", label: "Width", min: 240, max: 1200, step: 10 },
];

/** Colours, font, sizes, button text and layout; numbers outside the schema's range are the server's to refuse. */
export function StylePanel({ draft, change, errors }: PanelProps) {
  const layoutName = useId();
  const styles = draft.styles;
  const set = (patch: Partial<FormStyles>) => change({ styles: { ...styles, ...patch } });
  const err = (key: keyof FormStyles) => errors[`styles/${key}`];

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {COLOURS.map(({ key, label }) => (
          <ColourInput
            key={key}
            label={label}
            value={styles[key]}
            error={err(key)}
            onChange={(v) => set({ [key]: v })}
          />
        ))}
      </div>
      <SelectField
        label="Font"
        value={styles.fontFamily}
        onValueChange={(fontFamily) => set({ fontFamily })}
        options={FORM_FONTS}
        labels={FONT_LABELS}
      />
      {/* Short labels on one line, the unit beside each field: in the builder's narrow column "Corner radius (px)"
          wrapped onto two lines and pushed its field below the other two. */}
      <div className="grid gap-3 sm:grid-cols-3">
        {PIXELS.map(({ key, ...range }) => (
          <PixelField
            key={key}
            {...range}
            value={styles[key]}
            onChange={(raw) => set({ [key]: raw === "" ? 0 : Math.round(Number(raw)) })}
            error={err(key)}
          />
        ))}
      </div>
      <TextField
        label="Button text"
        value={styles.buttonText}
        maxLength={60}
        onChange={(e) => set({ buttonText: e.target.value })}
        error={err("buttonText")}
      />
      <RadioRow
        legend="Layout"
        name={layoutName}
        value={styles.layout}
        options={[
          ["stacked", "Stacked"],
          ["inline", "In one row"],
        ]}
        onChange={(layout) => set({ layout })}
      />
    </div>
  );
}

/** A whole number of pixels: the label on one line, the unit after the field (and in its accessible name). */
function PixelField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  error?: string;
  onChange: (raw: string) => void;
}) {
  const id = useId();
  const { label, error, onChange, ...range } = props;
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="whitespace-nowrap">
        {label} <span className="sr-only">in pixels</span>
      </Label>
      <div className="mt-1.5 flex items-center gap-1.5">
        <Input
          id={id}
          type="number"
          {...range}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span className="text-sm text-slate-500" aria-hidden="true">
          px
        </span>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A colour picker and the hex text beside it: the text can be typed or pasted, the picker follows once it is valid. */
function ColourInput(props: { label: string; value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  const { label, value, error, onChange } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value : "#000000"}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="font-mono"
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
