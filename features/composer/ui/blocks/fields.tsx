"use client";
// Inputs shared by the block settings forms: every one labelled, with its error (a pointer relative to the block)
// announced with the field.
import clsx from "clsx";
import { useId, type ComponentProps, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldError, FieldHint, Input, Label, controlClasses } from "@/components/ui/field";
import { TextField } from "@/components/ui/text-field";
import type { BlockSettingsProps } from "./types";

export const HEX = /^#[0-9a-fA-F]{6}$/;

/** The id of a field of a block's settings, so the send checklist can take the marketer to it ("href"). */
export const blockFieldId = (blockId: string, field: string) => `block-${blockId}-${field}`;

export const INLINE_HINT = "**bold**, *italic*, [label](https://…), merge tags like {{firstName|there}}.";

/** The settings form's fields, under the error about the block as a whole (pointer "#"), if any. */
export function SettingsStack({ children, errors }: { children: ReactNode; errors: Record<string, string> }) {
  return (
    <div className="space-y-4">
      {errors["#"] && (
        <p role="alert" className="text-sm text-red-700">
          {errors["#"]}
        </p>
      )}
      {children}
    </div>
  );
}

type Choice<V> = { value: V; label: string; icon?: ReactNode };

/** A segmented control: radio buttons in a row, so arrow keys move between choices. */
export function Segmented<V extends string | number>(props: {
  label: string;
  value: V;
  choices: Choice<V>[];
  onChange(value: V): void;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{props.label}</legend>
      <div className="mt-1.5 inline-flex rounded-lg border border-slate-300 bg-slate-50 p-0.5 shadow-sm">
        {props.choices.map((c) => (
          <label
            key={String(c.value)}
            className={clsx(
              "relative inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-3 text-sm has-[:focus-visible]:outline-2",
              "has-[:focus-visible]:outline-brand-600",
              props.value === c.value ? "bg-white font-medium text-slate-900 shadow-sm" : "text-slate-600",
            )}
          >
            <input
              type="radio"
              name={name}
              // Invisible but on top of its label, so a click (or a test's check()) lands on the radio itself.
              className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              checked={props.value === c.value}
              onChange={() => props.onChange(c.value)}
            />
            {c.icon}
            {c.label}
          </label>
        ))}
      </div>
      <FieldError>{props.error}</FieldError>
    </fieldset>
  );
}

type Align = "left" | "center" | "right";

export const ALIGN_CHOICES: Choice<Align>[] = [
  { value: "left", label: "Left" },
  { value: "center", label: "Center" },
  { value: "right", label: "Right" },
];

/** A settings form's block, its setter and its errors: what a field bound to one of the block's values needs. */
type BoundProps<B> = Pick<BlockSettingsProps<B>, "block" | "onChange" | "errors">;

export function AlignControl(props: { value: Align; onChange(value: Align): void; error?: string }) {
  return <Segmented label="Alignment" choices={ALIGN_CHOICES} {...props} />;
}

/** A colour picker with the hex text beside it; empty text means "the theme's colour" when `themeValue` is given. */
export function ColourField(props: {
  label: string;
  value: string | undefined;
  themeValue: string;
  onChange(value: string | undefined): void;
  error?: string;
}) {
  const id = useId();
  const { label, value, themeValue, onChange, error } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={value && HEX.test(value) ? value : themeValue}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
        />
        <Input
          id={id}
          value={value ?? ""}
          placeholder={`${themeValue} (theme)`}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="font-mono"
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {!error && <FieldHint id={`${id}-hint`}>Empty: the theme&apos;s colour.</FieldHint>}
    </div>
  );
}

export function TextArea(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: string; error?: string },
) {
  const generated = useId();
  const { label, hint, error, id = generated, className, ...rest } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={clsx(controlClasses, "mt-1.5 w-full py-2", className)}
        {...rest}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {!error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
    </div>
  );
}

/** A whole number, or undefined while the field is empty (the schema then uses its default). */
export function parseIntOrUndefined(raw: string): number | undefined {
  if (raw.trim() === "") return undefined;
  const n = Math.round(Number(raw));
  return Number.isFinite(n) ? n : undefined;
}

/** The alignment of a block that has one, bound to the block and its "#/align" error. */
export function BlockAlign<B extends { align: Align }>({ block, onChange, errors }: BoundProps<B>) {
  return (
    <AlignControl value={block.align} onChange={(align) => onChange({ ...block, align })} error={errors["#/align"]} />
  );
}

/**
 * A block's inline-formatted `text` (bold, italic, links, merge tags) as a text area, with its "#/text" error; a
 * single-line text (a heading) turns typed line breaks into spaces.
 */
export function BlockTextArea<B extends { text: string }>({
  block,
  onChange,
  errors,
  singleLine,
  ...props
}: BoundProps<B> & { label: string; rows: number; maxLength: number; singleLine?: boolean }) {
  return (
    <TextArea
      {...props}
      value={block.text}
      onChange={(e) =>
        onChange({ ...block, text: singleLine ? e.target.value.replace(/\r?\n/g, " ") : e.target.value })
      }
      hint={INLINE_HINT}
      error={errors["#/text"]}
    />
  );
}

/** A web address: the URL keyboard, no spell check, and the value handed on trimmed. */
export function UrlField({
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "spellCheck" | "onChange"> & {
  onValueChange(value: string): void;
}) {
  return (
    <TextField
      type="url"
      inputMode="url"
      spellCheck={false}
      onChange={(e) => onValueChange(e.target.value.trim())}
      {...props}
    />
  );
}
