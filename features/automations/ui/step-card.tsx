"use client";
// One step on the canvas: a button that selects it (its title, what it does, its live counts), and beside it the
// moves that are legal here (up, down) and delete. Memoised: a 50-step automation re-renders only what changed.
import { memo } from "react";
import clsx from "clsx";
import type { Step, StepType } from "@/lib/schemas/automations";
import { ChevronLeftIcon, TrashIcon } from "@/components/ui/icons";
import { stepSummary, stepTitle } from "../model/step-summary";
import { STEP_LABELS } from "../model/new-step";
import { useBuilder } from "./builder-context";

export type StepCounts = { entered: number; waiting: number; completed: number };

const ACCENT: Record<StepType, string> = {
  email: "border-l-brand-500",
  delay: "border-l-amber-400",
  condition: "border-l-sky-500",
  wait_for: "border-l-sky-400",
  action: "border-l-emerald-500",
  split: "border-l-violet-500",
  goal: "border-l-pink-500",
  exit: "border-l-slate-400",
};

export const cardDomId = (stepId: string) => `automation-step-${stepId}`;

type Props = {
  step: Step;
  number: number;
  selected: boolean;
  problems: number;
  counts: StepCounts | undefined;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onSelect(id: string): void;
  onMove(id: string, direction: "up" | "down"): void;
  onDelete(id: string): void;
};

export const StepCard = memo(function StepCard(props: Props) {
  const { step, number, selected, counts, problems } = props;
  const { names, readOnly } = useBuilder();
  const title = stepTitle(step);
  const typeLabel = STEP_LABELS[step.type];
  return (
    <div
      data-step-id={step.id}
      data-testid="step-card"
      className={clsx(
        "relative w-64 rounded-lg border border-l-4 bg-white shadow-xs",
        ACCENT[step.type],
        selected ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-200",
      )}
    >
      <button
        type="button"
        id={cardDomId(step.id)}
        aria-current={selected ? "true" : undefined}
        aria-label={`Step ${number}: ${typeLabel}${title !== typeLabel ? `, ${title}` : ""}${problems ? `, ${problems} problem${problems === 1 ? "" : "s"}` : ""}`}
        onClick={() => props.onSelect(step.id)}
        className="block w-full rounded-md px-3 pt-2 pb-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          className={clsx(
            "flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase",
            !readOnly && "pr-[4.5rem]",
          )}
        >
          <span aria-hidden="true">{number}.</span>
          {typeLabel}
          {problems > 0 && (
            <span className="ml-auto rounded bg-red-50 px-1 text-[11px] font-medium text-red-700 normal-case">
              {problems} to fix
            </span>
          )}
        </span>
        <span className="mt-0.5 block truncate pr-16 text-[13px] font-medium text-slate-900" title={title}>
          {title}
        </span>
        <span className="mt-0.5 block truncate text-[12px] text-slate-600">{stepSummary(step, names)}</span>
        {counts && (
          <span className="mt-1.5 flex gap-2.5 text-[11px] text-slate-600 tabular-nums" data-testid="step-counts">
            <span>
              <strong className="font-semibold text-slate-800">{counts.entered}</strong> entered
            </span>
            <span>
              <strong className="font-semibold text-slate-800">{counts.waiting}</strong> here now
            </span>
            <span>
              <strong className="font-semibold text-slate-800">{counts.completed}</strong> done
            </span>
          </span>
        )}
      </button>
      {!readOnly && (
        <div className="absolute top-1.5 right-1.5 flex gap-0.5" role="group" aria-label={`Step ${number} tools`}>
          {props.canMoveUp && (
            <ToolButton label={`Move step ${number} up`} onClick={() => props.onMove(step.id, "up")}>
              <ChevronLeftIcon className="size-3.5 rotate-90" />
            </ToolButton>
          )}
          {props.canMoveDown && (
            <ToolButton label={`Move step ${number} down`} onClick={() => props.onMove(step.id, "down")}>
              <ChevronLeftIcon className="size-3.5 -rotate-90" />
            </ToolButton>
          )}
          <ToolButton label={`Delete step ${number}`} onClick={() => props.onDelete(step.id)} danger>
            <TrashIcon className="size-3.5" />
          </ToolButton>
        </div>
      )}
    </div>
  );
});

function ToolButton(props: { label: string; onClick(): void; danger?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      className={clsx(
        "rounded p-1 text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600",
        props.danger ? "hover:text-red-600" : "hover:text-slate-700",
      )}
    >
      {props.children}
    </button>
  );
}
