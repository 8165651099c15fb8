"use client";
import clsx from "clsx";
import type { Match } from "../_lib/rule-draft";

type MatchToggleProps = { name: string; label: string; value: Match; onChange: (match: Match) => void };

/** All / any as a pair of radio buttons styled as a segmented control (arrow keys switch between them). */
export function MatchToggle({ name, label, value, onChange }: MatchToggleProps) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-[13px] text-slate-600">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true">Match</span>
      <span className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs">
        {(["all", "any"] as const).map((m) => (
          <label
            key={m}
            className={clsx(
              "relative cursor-pointer rounded-md px-2.5 py-1 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
              value === m ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-50",
            )}
          >
            {/* Invisible but covering the label, as in the tag colour picker: clicks and keys reach the radio. */}
            <input
              type="radio"
              name={name}
              value={m}
              checked={value === m}
              onChange={() => onChange(m)}
              aria-label={m === "all" ? "Match all" : "Match any"}
              className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span aria-hidden="true">{m}</span>
          </label>
        ))}
      </span>
      <span aria-hidden="true">of these conditions</span>
    </fieldset>
  );
}
