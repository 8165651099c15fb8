"use client";
// The email's look: one of the three themes, and the footer's colours, size, alignment and text. Footer settings
// left unset follow the theme; "Reset" gives them all back to it.
import { useId, useState } from "react";
import Link from "next/link";
import clsx from "clsx";
import type { DraftPanelProps } from "@/lib/composer/draft";
import type { FooterStyles, Theme } from "@/lib/schemas/blocks";
import { THEMES } from "@/lib/schemas/block-constants";
import { THEME_TOKENS } from "@/lib/email-content/themes";
import { Button } from "@/components/ui/button";
import { controlClasses, FieldError, FieldHint, Input, Label } from "@/components/ui/field";
import {
  clampFontSize,
  FOOTER_ALIGNS,
  FOOTER_FONT_SIZE,
  footerLook,
  normaliseHex,
  patchFooter,
  type FooterColourKey,
} from "../../model/footer-style";
import { NumberInput } from "./number-input";
import { errorAt } from "../../model/panel-errors";

const THEME_INFO: Record<Theme, { label: string; description: string }> = {
  default: { label: "Default", description: "White card on grey" },
  minimal: { label: "Minimal", description: "Plain white, serif type" },
  dark: { label: "Dark", description: "Light text on dark grey" },
};
const COLOURS: { key: FooterColourKey; label: string }[] = [
  { key: "backgroundColor", label: "Background" },
  { key: "textColor", label: "Text" },
  { key: "linkColor", label: "Links" },
];
const FOOTER_TEXT_MAX = 1000;

export function DesignPanel({ draft, onChange, errors }: DraftPanelProps) {
  const ids = { theme: useId(), text: useId(), size: useId(), align: useId() };
  const styles = draft.footerStyles;
  const look = footerLook(draft.theme, styles);
  const setFooter = (patch: Partial<FooterStyles>) => onChange({ footerStyles: patchFooter(styles, patch) });
  const textError = errorAt(errors, "#/footerStyles/text");
  const sizeError = errorAt(errors, "#/footerStyles/fontSize");

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Theme</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {THEMES.map((theme) => (
            <label
              key={theme}
              className={clsx(
                "relative cursor-pointer rounded-lg border p-1.5 text-center has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                draft.theme === theme
                  ? "border-brand-500 ring-1 ring-brand-500"
                  : "border-slate-200 hover:border-slate-300",
              )}
            >
              <input
                type="radio"
                name={ids.theme}
                value={theme}
                checked={draft.theme === theme}
                onChange={() => onChange({ theme })}
                // Over the whole card, invisible: the card is what is seen and clicked, the radio what is focused.
                className="absolute inset-0 size-full cursor-pointer opacity-0"
                aria-describedby={`${ids.theme}-${theme}`}
              />
              <ThemeSwatch theme={theme} />
              <span className="mt-1.5 block text-[13px] font-medium text-slate-800">{THEME_INFO[theme].label}</span>
              <span id={`${ids.theme}-${theme}`} className="block text-[11px] leading-tight text-slate-500">
                {THEME_INFO[theme].description}
              </span>
            </label>
          ))}
        </div>
        <FieldError>{errorAt(errors, "#/theme")}</FieldError>
      </fieldset>

      <div role="group" aria-labelledby={`${ids.theme}-footer`} className="space-y-4">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${ids.theme}-footer`} className="text-sm font-semibold text-slate-900">
            Footer
          </h3>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ footerStyles: {} })}
            disabled={Object.keys(styles).length === 0}
            title="Back to the theme's footer"
          >
            Reset
          </Button>
        </div>
        <div className="space-y-2">
          {COLOURS.map(({ key, label }) => (
            <ColourField
              key={key}
              label={label}
              value={look[key]}
              fromTheme={styles[key] === undefined}
              error={errorAt(errors, `#/footerStyles/${key}`)}
              onChange={(colour) => setFooter({ [key]: colour })}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <Label htmlFor={ids.size}>Font size</Label>
            <div className="mt-1.5 flex items-center gap-1">
              <NumberInput
                id={ids.size}
                min={FOOTER_FONT_SIZE.min}
                max={FOOTER_FONT_SIZE.max}
                value={look.fontSize}
                normalise={clampFontSize}
                onCommit={(fontSize) => setFooter({ fontSize })}
                aria-invalid={sizeError ? true : undefined}
                className="w-18"
              />
              <span className="text-sm text-slate-600">px</span>
            </div>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Alignment</legend>
            <div className="mt-1.5 inline-flex rounded-lg border border-slate-300 p-0.5">
              {FOOTER_ALIGNS.map((align) => (
                <label
                  key={align}
                  className="relative cursor-pointer rounded-md px-2.5 py-1 text-[13px] text-slate-700 capitalize has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    name={ids.align}
                    value={align}
                    checked={look.align === align}
                    onChange={() => setFooter({ align })}
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  {align}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <FieldError>{sizeError ?? errorAt(errors, "#/footerStyles/align")}</FieldError>

        <div>
          <Label htmlFor={ids.text}>Footer text</Label>
          <textarea
            id={ids.text}
            rows={3}
            maxLength={FOOTER_TEXT_MAX}
            value={styles.text ?? ""}
            placeholder="You are receiving this email because you subscribed to …"
            onChange={(e) => setFooter({ text: e.target.value })}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${ids.text}-error` : `${ids.text}-hint`}
            className={clsx(controlClasses, "mt-1.5 w-full py-2")}
          />
          <FieldError id={`${ids.text}-error`}>{textError}</FieldError>
          {!textError && (
            <FieldHint id={`${ids.text}-hint`}>
              **bold**, *italic*, [link](https://…) and merge tags. Empty: a line saying why they get it.
            </FieldHint>
          )}
        </div>
        <FieldError>{errorAt(errors, "#/footerStyles")}</FieldError>

        <p className="text-[13px] text-slate-500">
          The unsubscribe link and your workspace&apos;s postal address are always added under the footer text, as the
          law asks of marketing email. The address comes from{" "}
          <Link href="/settings/workspace" className="font-medium text-brand-700 underline hover:text-brand-800">
            Settings → Workspace
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

/** A thumbnail of the theme in its own colours: page, card, heading, two lines of text and a button. */
function ThemeSwatch({ theme }: { theme: Theme }) {
  const t = THEME_TOKENS[theme];
  return (
    <span aria-hidden className="block rounded-md p-2" style={{ backgroundColor: t.pageBackground }}>
      <span
        className="block space-y-1 p-2 text-left"
        style={{
          backgroundColor: t.contentBackground,
          borderRadius: t.radius / 2,
          border: theme === "minimal" ? `1px solid ${t.divider}` : undefined,
        }}
      >
        <span className="block h-1.5 w-3/4 rounded-sm" style={{ backgroundColor: t.heading }} />
        <span className="block h-1 w-full rounded-sm opacity-60" style={{ backgroundColor: t.text }} />
        <span className="block h-1 w-5/6 rounded-sm opacity-60" style={{ backgroundColor: t.text }} />
        <span className="mt-1.5 block h-2 w-1/2 rounded-sm" style={{ backgroundColor: t.accent }} />
      </span>
    </span>
  );
}

type ColourFieldProps = {
  label: string;
  value: string;
  fromTheme: boolean;
  error?: string;
  onChange: (colour: string) => void;
};

/**
 * A colour: the picker, and the hex text beside it. Typed text goes into the draft only once it is a colour (a
 * half-typed "#4f" would fail autosave); a field left with something else says so.
 */
function ColourField({ label, value, fromTheme, error, onChange }: ColourFieldProps) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const message = invalid ? "Use a colour like #4f46e5." : error;
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id} className="text-[13px]">
          {label}
          {fromTheme && <span className="font-normal text-slate-500"> (theme)</span>}
        </Label>
        <div className="flex items-center gap-1.5">
          <input
            type="color"
            aria-label={`${label} colour picker`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="h-8 w-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
          />
          <span className="block w-24">
            <Input
              id={id}
              value={text ?? value}
              maxLength={7}
              spellCheck={false}
              onFocus={() => setText(value)}
              onChange={(e) => {
                setText(e.target.value);
                setInvalid(false);
                const colour = normaliseHex(e.target.value);
                if (colour && e.target.value.trim().length >= 6) onChange(colour);
              }}
              onBlur={() => {
                const colour = text === null ? value : normaliseHex(text);
                if (colour) onChange(colour);
                setInvalid(colour === null);
                setText(colour === null ? text : null);
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              className="h-8 px-2 font-mono text-xs"
            />
          </span>
        </div>
      </div>
      <FieldError id={`${id}-error`}>{message}</FieldError>
    </div>
  );
}
