"use client";
// A/B test of subject lines: 2 to 10 variants go to a share of the audience, split evenly; the winner (picked by
// the marketer, or automatically by human opens or clicks after a delay) goes to the rest.
import { useEffect, useId, useRef, useState } from "react";
import type { DraftPanelProps } from "@/lib/composer/draft";
import type { ComposerVariant } from "@/lib/composer/draft";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError, FieldHint, Input, Label } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import {
  addVariant,
  canAddVariant,
  canRemoveVariant,
  changeVariant,
  clampPercent,
  delayIn,
  DEFAULT_TEST_PERCENT,
  DEFAULT_WINNER_MINUTES,
  delayMinutes,
  delayText,
  MAX_VARIANTS,
  removeVariant,
  splitDelay,
  splitText,
  startAbTest,
  stopAbTest,
  variantLabel,
  type DelayUnit,
} from "../../model/ab-test";
import { NumberInput } from "./number-input";
import { errorAt } from "../../model/panel-errors";

const subjectInputId = (variantId: string) => `composer-variant-${variantId}-subject`;

export function AbVariants({ draft, onChange, errors }: DraftPanelProps) {
  const [confirmOff, setConfirmOff] = useState(false);
  // After adding a variant (or turning the test on) the new subject input takes focus, once it is on the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(subjectInputId(focusNext.current))?.focus();
    focusNext.current = null;
  });

  const variants = draft.variants;
  if (variants.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Try up to {MAX_VARIANTS} subject lines on part of the audience; the one that does best goes to everyone else.
        </p>
        <FieldError>{errorAt(errors, "#/variants")}</FieldError>
        <Button
          variant="secondary"
          onClick={() => {
            const started = startAbTest(draft);
            focusNext.current = started.variants[1]?.id ?? null;
            onChange(started);
          }}
        >
          Start an A/B test
        </Button>
      </div>
    );
  }

  // Turning off loses the other subjects: confirm when any was written.
  const written = variants.slice(1).some((v) => v.subject.trim() || v.previewText?.trim());
  const add = () => {
    const next = addVariant(variants);
    focusNext.current = next[next.length - 1]?.id ?? null;
    onChange({ variants: next });
  };

  return (
    <div className="space-y-5">
      <ol className="space-y-3" aria-label="Subject variants">
        {variants.map((variant, index) => (
          <VariantRow
            key={variant.id}
            variant={variant}
            defaultPreview={draft.previewText}
            errors={errors}
            index={index}
            canRemove={canRemoveVariant(variants)}
            onChange={(patch) => onChange(changeVariant(draft, index, patch))}
            onRemove={() => onChange({ variants: removeVariant(variants, index) })}
          />
        ))}
      </ol>
      <FieldError>{errorAt(errors, "#/variants")}</FieldError>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={add} disabled={!canAddVariant(variants)}>
          <PlusIcon className="size-4" />
          Add variant
        </Button>
        <span className="text-[13px] text-slate-500">
          {variants.length} of {MAX_VARIANTS}
        </span>
      </div>

      <SplitSetting draft={draft} onChange={onChange} errors={errors} />
      <WinnerSetting draft={draft} onChange={onChange} errors={errors} />

      <div className="border-t border-slate-200 pt-4">
        <Button variant="ghost" size="sm" onClick={() => (written ? setConfirmOff(true) : onChange(stopAbTest()))}>
          Turn off the A/B test
        </Button>
      </div>
      <ConfirmDialog
        open={confirmOff}
        onClose={() => setConfirmOff(false)}
        onConfirm={() => {
          setConfirmOff(false);
          onChange(stopAbTest());
        }}
        title="Turn off the A/B test?"
        description="The other variants' subjects are removed; everyone gets the email's own subject."
        confirmLabel="Turn off test"
      />
    </div>
  );
}

type RowProps = {
  variant: ComposerVariant;
  defaultPreview: string | null;
  errors: Record<string, string>;
  index: number;
  canRemove: boolean;
  onChange: (patch: Partial<Pick<ComposerVariant, "subject" | "previewText">>) => void;
  onRemove: () => void;
};

function VariantRow({ variant, defaultPreview, errors, index, canRemove, onChange, onRemove }: RowProps) {
  const subjectId = subjectInputId(variant.id);
  const previewId = useId();
  const label = variantLabel(variant.id);
  const subjectError = errorAt(errors, `#/variants/${index}/subject`) ?? errorAt(errors, `#/variants/${index}/id`);
  const previewError = errorAt(errors, `#/variants/${index}/previewText`);
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={subjectId}>
          {label} subject
          {index === 0 && <span className="font-normal text-slate-500"> (the email&apos;s subject)</span>}
        </Label>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove ${label}`}
          title={canRemove ? `Remove ${label}` : "A test needs at least two variants"}
        >
          <TrashIcon className="size-4" />
        </Button>
      </div>
      <Input
        id={subjectId}
        value={variant.subject}
        maxLength={500}
        autoComplete="off"
        className="mt-1.5"
        placeholder={index === 0 ? "What's new in November" : "Another way to say it"}
        onChange={(e) => onChange({ subject: e.target.value })}
        aria-invalid={subjectError ? true : undefined}
        aria-describedby={subjectError ? `${subjectId}-error` : undefined}
      />
      <FieldError id={`${subjectId}-error`}>{subjectError}</FieldError>
      <Label htmlFor={previewId} className="mt-3 text-[13px] font-normal text-slate-600">
        {label} preview text (optional)
      </Label>
      <Input
        id={previewId}
        value={variant.previewText ?? ""}
        maxLength={500}
        autoComplete="off"
        className="mt-1"
        placeholder={defaultPreview ? `Same as the email's: ${defaultPreview}` : "Same as the email's"}
        onChange={(e) => onChange({ previewText: e.target.value === "" ? null : e.target.value })}
        aria-invalid={previewError ? true : undefined}
        aria-describedby={previewError ? `${previewId}-error` : undefined}
      />
      <FieldError id={`${previewId}-error`}>{previewError}</FieldError>
    </li>
  );
}

function SplitSetting({ draft, onChange, errors }: Omit<DraftPanelProps, "workspaceId">) {
  const ids = { range: useId(), number: useId(), text: useId() };
  const percent = draft.abTestPercent ?? DEFAULT_TEST_PERCENT;
  const error = errorAt(errors, "#/abTestPercent");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Test share</legend>
      <div className="mt-2 flex items-center gap-3">
        <label htmlFor={ids.range} className="sr-only">
          Test share (percent of the audience)
        </label>
        <input
          id={ids.range}
          type="range"
          min={1}
          max={99}
          value={percent}
          onChange={(e) => onChange({ abTestPercent: clampPercent(Number(e.target.value)) })}
          aria-describedby={ids.text}
          aria-valuetext={`${percent}%`}
          className="h-2 flex-1 cursor-pointer accent-brand-600"
        />
        <label htmlFor={ids.number} className="sr-only">
          Test share in percent
        </label>
        <div className="flex items-center gap-1">
          <NumberInput
            id={ids.number}
            min={1}
            max={99}
            value={percent}
            normalise={clampPercent}
            onCommit={(abTestPercent) => onChange({ abTestPercent })}
            aria-invalid={error ? true : undefined}
            aria-describedby={ids.text}
            className="w-18"
          />
          <span className="text-sm text-slate-600">%</span>
        </div>
      </div>
      <FieldError>{error}</FieldError>
      <FieldHint id={ids.text}>{splitText(percent, draft.variants.length)}</FieldHint>
    </fieldset>
  );
}

const UNITS: { value: DelayUnit; label: string }[] = [
  { value: "minutes", label: "minutes" },
  { value: "hours", label: "hours" },
  { value: "days", label: "days" },
];

function WinnerSetting({ draft, onChange, errors }: Omit<DraftPanelProps, "workspaceId">) {
  const ids = { mode: useId(), metric: useId(), amount: useId(), unit: useId(), hint: useId() };
  const automatic = draft.abWinnerMetric !== null || draft.abWinnerAfterMinutes !== null;
  const minutes = draft.abWinnerAfterMinutes ?? DEFAULT_WINNER_MINUTES;
  // The unit stays as chosen (24 hours does not turn into 1 day under the marketer's cursor).
  const [chosenUnit, setChosenUnit] = useState<DelayUnit>(() => splitDelay(minutes).unit);
  const { amount, unit } = delayIn(minutes, chosenUnit);
  const metricError = errorAt(errors, "#/abWinnerMetric");
  const delayError = errorAt(errors, "#/abWinnerAfterMinutes");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Winner</legend>
      <div className="mt-2 space-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={ids.mode}
            checked={!automatic}
            onChange={() => onChange({ abWinnerMetric: null, abWinnerAfterMinutes: null })}
            className="size-4 accent-brand-600"
          />
          I&apos;ll pick the winner myself (from the report)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={ids.mode}
            checked={automatic}
            onChange={() =>
              onChange({
                abWinnerMetric: draft.abWinnerMetric ?? "opens",
                abWinnerAfterMinutes: draft.abWinnerAfterMinutes ?? DEFAULT_WINNER_MINUTES,
              })
            }
            className="size-4 accent-brand-600"
          />
          Pick it automatically
        </label>
      </div>
      {automatic && (
        <div className="mt-3 space-y-2 rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <label htmlFor={ids.metric}>By the most</label>
            <Select
              id={ids.metric}
              className="w-auto"
              value={draft.abWinnerMetric ?? "opens"}
              onChange={(e) => onChange({ abWinnerMetric: e.target.value === "clicks" ? "clicks" : "opens" })}
              aria-invalid={metricError ? true : undefined}
            >
              <option value="opens">human opens</option>
              <option value="clicks">clicks</option>
            </Select>
            <label htmlFor={ids.amount}>after</label>
            <NumberInput
              id={ids.amount}
              min={1}
              value={amount}
              normalise={(n) => Math.max(1, Math.round(n))}
              onCommit={(n) => onChange({ abWinnerAfterMinutes: delayMinutes(n, unit) })}
              aria-invalid={delayError ? true : undefined}
              aria-describedby={ids.hint}
              className="w-20"
            />
            <label htmlFor={ids.unit} className="sr-only">
              Unit
            </label>
            <Select
              id={ids.unit}
              className="w-auto"
              value={unit}
              onChange={(e) => {
                const next = e.target.value as DelayUnit;
                setChosenUnit(next);
                onChange({ abWinnerAfterMinutes: delayMinutes(amount, next) });
              }}
            >
              {UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </Select>
          </div>
          <FieldError>{metricError ?? delayError}</FieldError>
          <FieldHint id={ids.hint}>
            {delayText(minutes)} after the test share went out (15 minutes to 7 days). Opens by privacy proxies and
            scanners do not count.
          </FieldHint>
        </div>
      )}
    </fieldset>
  );
}
