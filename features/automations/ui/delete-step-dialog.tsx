"use client";
// Deleting a step. One with a single way on is cut out and its path joined up again; a branching step asks which
// branch takes its place, or whether everything below it goes too. Every choice says how many steps it removes.
import type { Step } from "@/lib/schemas/automations";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { exitKeys, getExit, subtreeIds, type DeleteMode, type Flow } from "../model/flow-ops";
import { exitLabel } from "../model/flow-tree";

export function DeleteStepDialog({
  flow,
  step,
  title,
  onClose,
  onDelete,
  waitingAt = () => 0,
}: {
  flow: Flow;
  step: Step | null;
  title: string;
  /** Contacts at these steps now (live counts of an active automation; 0 when unknown). */
  waitingAt?: (stepIds: Iterable<string>) => number;
  onClose(): void;
  onDelete(mode: DeleteMode | undefined): void;
}) {
  const keys = step ? exitKeys(step) : [];
  const below = (id: string | null) => (id ? subtreeIds(flow, id).size : 0);
  const all = step ? subtreeIds(flow, step.id).size : 0;
  const s = (n: number) => `${n} step${n === 1 ? "" : "s"}`;
  // A step that goes away takes its contacts out of the automation when the change is saved (docs/automations.md).
  const waiting = step ? waitingAt(keys.length > 1 ? subtreeIds(flow, step.id) : [step.id]) : 0;
  return (
    <Dialog
      open={step !== null}
      onClose={onClose}
      title={`Delete “${title}”?`}
      description={
        keys.length > 1
          ? "Choose the branch that takes this step's place; the other branches and their steps are deleted."
          : "The step is removed and the path joins up again."
      }
    >
      {waiting > 0 && (
        <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {waiting === 1 ? "1 contact is" : `${waiting} contacts are`} at{" "}
          {keys.length > 1 ? "the steps this can remove" : "this step"} now. Once the change is saved, contacts on a
          removed step leave the automation and count as exited.
        </p>
      )}
      {step && keys.length > 1 && (
        <ul className="space-y-1.5">
          {keys.map((k) => {
            const gone = all - 1 - below(getExit(step, k));
            return (
              <li key={k}>
                <Button variant="secondary" className="w-full justify-start" onClick={() => onDelete({ keep: k })}>
                  Keep “{exitLabel(step, k)}”, delete {s(gone + 1)}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        {keys.length > 1 ? (
          <Button variant="danger" onClick={() => onDelete({ subtree: true })}>
            {all === 1 ? "Delete the step" : `Delete all ${s(all)}`}
          </Button>
        ) : (
          <Button variant="danger" onClick={() => onDelete(undefined)}>
            Delete step
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  );
}
