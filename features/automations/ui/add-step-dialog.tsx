"use client";
// The "+" menu: every step type as a button with what it does. An exit is offered only where the path ends (it
// would cut off what follows).
import { STEP_TYPES, type StepType } from "@/lib/schemas/automations";
import { Dialog } from "@/components/ui/dialog";
import { STEP_DESCRIPTIONS, STEP_LABELS } from "../model/new-step";

export function AddStepDialog({
  open,
  placeName,
  allowExit,
  onClose,
  onChoose,
}: {
  open: boolean;
  placeName: string;
  allowExit: boolean;
  onClose(): void;
  onChoose(type: StepType): void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Add a step" description={`The new step goes ${placeName}.`}>
      <ul className="grid gap-1.5 sm:grid-cols-2" aria-label="Step types">
        {STEP_TYPES.filter((t) => t !== "exit" || allowExit).map((type, i) => (
          <li key={type}>
            <button
              type="button"
              data-autofocus={i === 0 ? true : undefined}
              data-step-type={type}
              onClick={() => onChoose(type)}
              className="h-full w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block text-[13px] font-medium text-slate-900">{STEP_LABELS[type]}</span>
              <span className="mt-0.5 block text-[12px] text-slate-600">{STEP_DESCRIPTIONS[type]}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
