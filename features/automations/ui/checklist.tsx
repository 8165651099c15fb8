"use client";
// The pre-activation checklist: every problem the server finds (an incomplete email, a missing sender or postal
// address, a path with no end, a reference that no longer exists), each a button that leads to its step or card;
// then the warnings that do not hold activation back (a From domain no verified sending domain signs), with a link.
import Link from "next/link";
import clsx from "clsx";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";

export type ChecklistProblem = { code: string; message: string; pointer: string };
export type ChecklistWarning = { code: string; message: string };
export const CHECKLIST_ID = "automation-checklist";

type Props = {
  problems: ChecklistProblem[] | undefined;
  /** Worth fixing, never a blocker. */
  warnings?: ChecklistWarning[];
  loading: boolean;
  /** The name of the place each problem leads to ("Step 3", "Trigger"), or null when it leads nowhere here. */
  placeOf(problem: ChecklistProblem): { label: string; href?: string } | null;
  onGo(problem: ChecklistProblem): void;
  active: boolean;
  /** Why the last activation was refused, shown on top until the next move. */
  refusal: string | null;
};

export function Checklist({ problems, warnings = [], loading, placeOf, onGo, active, refusal }: Props) {
  const count = problems?.length ?? 0;
  return (
    <section
      id={CHECKLIST_ID}
      tabIndex={-1}
      aria-labelledby={`${CHECKLIST_ID}-title`}
      data-testid="automation-checklist"
      className={clsx(
        "rounded-lg border px-3 py-2.5 text-[13px] focus-visible:outline-2 focus-visible:outline-brand-600",
        !problems
          ? "border-slate-200 bg-white"
          : count
            ? "border-amber-200 bg-amber-50"
            : "border-emerald-200 bg-emerald-50",
      )}
    >
      <h2 id={`${CHECKLIST_ID}-title`} className="flex items-center gap-1.5 font-semibold text-slate-900">
        {loading && !problems ? (
          <Spinner className="size-3.5" />
        ) : count ? (
          <AlertIcon className="size-4 text-amber-600" />
        ) : (
          <CheckIcon className="size-4 text-emerald-600" />
        )}
        {loading && !problems
          ? "Checking…"
          : count
            ? `${count} problem${count === 1 ? "" : "s"} to fix ${active ? "" : "before activating"}`
            : active
              ? "No problems"
              : "Ready to activate"}
      </h2>
      {refusal && (
        <p role="alert" className="mt-1 text-red-800">
          {refusal}
        </p>
      )}
      {count > 0 && (
        <ul className="mt-2 max-h-36 space-y-1 overflow-y-auto" data-testid="checklist-problems">
          {problems!.map((p, i) => {
            const place = placeOf(p);
            return (
              <li key={`${p.pointer}:${i}`} className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-slate-800">{p.message}</span>
                {place?.href ? (
                  <Link href={place.href} className="font-medium text-brand-700 underline underline-offset-2">
                    {place.label}
                  </Link>
                ) : place ? (
                  <button
                    type="button"
                    onClick={() => onGo(p)}
                    className="font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    Go to {place.label}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {problems && warnings.length > 0 && (
        <ul className="mt-2 space-y-1" data-testid="checklist-warnings">
          {warnings.map((w) => (
            <li key={w.code} className="flex items-start gap-1.5">
              <AlertIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
              <span className="text-slate-800">
                <span className="sr-only">Warning, does not stop activation: </span>
                {w.message}{" "}
                <Link
                  href="/settings/sending-domains"
                  className="font-medium whitespace-nowrap text-brand-700 underline underline-offset-2"
                >
                  Sending domains
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
