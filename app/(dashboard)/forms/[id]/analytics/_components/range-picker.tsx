"use client";
import { useState, type FormEvent } from "react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/field";
import { customRangeProblem, PRESETS, type AnalyticsRange } from "@/lib/form-analytics/range";

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgoUtc = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

type RangePickerProps = {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
  /** The server's objection to the last custom range (a span over two years), shown under the inputs. */
  error?: string;
};

/** Preset ranges as a radio group of buttons, and a custom from/to that applies on submit (not on each keystroke). */
export function RangePicker({ value, onChange, error }: RangePickerProps) {
  const [customOpen, setCustomOpen] = useState(value.range === "custom");
  const [from, setFrom] = useState(value.range === "custom" ? value.from : daysAgoUtc(29));
  const [to, setTo] = useState(value.range === "custom" ? value.to : todayUtc());
  const [problem, setProblem] = useState<string | null>(null);

  function apply(e: FormEvent) {
    e.preventDefault();
    const p = customRangeProblem(from, to);
    setProblem(p);
    if (!p) onChange({ range: "custom", from, to });
  }

  const shown = problem ?? error;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <div
        role="group"
        aria-label="Date range"
        className="inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-0.5"
      >
        {PRESETS.map((p) => (
          <RangeButton
            key={p.range}
            pressed={value.range === p.range && !customOpen}
            onClick={() => (setCustomOpen(false), setProblem(null), onChange({ range: p.range }))}
          >
            {p.label}
          </RangeButton>
        ))}
        <RangeButton pressed={customOpen} onClick={() => setCustomOpen(true)}>
          Custom
        </RangeButton>
      </div>
      {customOpen && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom date range" noValidate>
          <div>
            <Label htmlFor="range-from" className="text-xs text-slate-600">
              From
            </Label>
            <Input
              id="range-from"
              type="date"
              value={from}
              max={todayUtc()}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? "range-error" : undefined}
              className="mt-1 h-8 w-40 text-[13px]"
            />
          </div>
          <div>
            <Label htmlFor="range-to" className="text-xs text-slate-600">
              To
            </Label>
            <Input
              id="range-to"
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? "range-error" : undefined}
              className="mt-1 h-8 w-40 text-[13px]"
            />
          </div>
          <Button type="submit" size="sm" variant="secondary">
            Apply
          </Button>
          <div className="basis-full" role="alert">
            <FieldError id="range-error">{shown}</FieldError>
          </div>
        </form>
      )}
    </div>
  );
}

function RangeButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        "h-7 rounded-md px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
        pressed ? "bg-brand-600 text-white shadow-xs" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
      )}
    >
      {children}
    </button>
  );
}
