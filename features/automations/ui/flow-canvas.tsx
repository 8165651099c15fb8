"use client";
// The canvas: the trigger card on top, then the steps stacked, a "+" between every two and at every open end, and a
// branching step's branches side by side. It scrolls both ways inside itself, so 50 steps over 5 branches never
// widen the page.
import { Fragment, useMemo, type ReactNode } from "react";
import clsx from "clsx";
import { PlusIcon } from "@/components/ui/icons";
import { buildTree, type TreeNode, type TreePath } from "../model/flow-tree";
import { byId, moveOptions, type Flow, type Slot } from "../model/flow-ops";
import { stepTitle, triggerSummary } from "../model/step-summary";
import type { AutomationDraft } from "../model/draft";
import { useBuilder } from "./builder-context";
import { StepCard, type StepCounts } from "./step-card";

export const TRIGGER_CARD_ID = "automation-trigger-card";

type Props = {
  draft: AutomationDraft;
  flow: Flow;
  selected: string | null;
  problemsByStep: Record<string, number>;
  triggerProblems: number;
  counts: Record<string, StepCounts> | undefined;
  onSelect(id: string | null): void;
  onSelectTrigger(): void;
  onInsert(slot: Slot, label: string): void;
  onMove(id: string, direction: "up" | "down"): void;
  onDelete(id: string): void;
};

export function FlowCanvas(props: Props) {
  const { flow, draft } = props;
  const { names, readOnly } = useBuilder();
  const tree = useMemo(() => buildTree(flow), [flow]);
  const moves = useMemo(() => {
    if (readOnly) return {};
    return Object.fromEntries(flow.steps.map((s) => [s.id, moveOptions(flow, s.id)]));
  }, [flow, readOnly]);
  const slotName = (slot: Slot) => {
    if (slot.from === null) return "at the start";
    const from = byId(flow, slot.from);
    const title = from ? stepTitle(from) : slot.from;
    const number = tree.order.indexOf(slot.from) + 1;
    if (slot.exit === "next") return `after step ${number} (${title})`;
    const branch = tree.root && findBranchLabel(tree.root, slot);
    return `on branch ${branch ?? slot.exit} of step ${number} (${title})`;
  };

  const renderPath = (path: TreePath): ReactNode => (
    <div className="flex flex-col items-center">
      <Insert slot={path.from} name={slotName(path.from)} onInsert={props.onInsert} />
      {path.nodes.map((node, i) => (
        <Fragment key={node.step.id}>{renderNode(node, i === path.nodes.length - 1)}</Fragment>
      ))}
      {path.openEnd && (
        <p className="mt-1 rounded-full border border-dashed border-amber-400 bg-amber-50 px-2.5 py-0.5 text-[11px] font-medium text-amber-800">
          Path not finished
        </p>
      )}
    </div>
  );

  // A render function, not a component: a component defined here would be a new type every render and remount
  // every card (losing the focus).
  function renderNode(node: TreeNode, last: boolean) {
    const id = node.step.id;
    return (
      <>
        <StepCard
          step={node.step}
          number={node.number}
          selected={props.selected === id}
          problems={props.problemsByStep[id] ?? 0}
          counts={props.counts?.[id]}
          canMoveUp={moves[id]?.up ?? false}
          canMoveDown={moves[id]?.down ?? false}
          onSelect={props.onSelect}
          onMove={props.onMove}
          onDelete={props.onDelete}
        />
        {node.branches.length > 0 ? (
          <div className="flex flex-col items-center">
            <Line />
            <ul
              className="flex items-start gap-6 border-t-2 border-slate-300 px-2"
              aria-label={`Branches of step ${node.number}`}
            >
              {node.branches.map((b) => (
                <li key={b.exit} className="flex flex-col items-center" aria-label={`Branch ${b.label}`}>
                  <Line />
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap text-slate-700">
                    {b.label}
                  </span>
                  {renderPath(b.path)}
                </li>
              ))}
            </ul>
          </div>
        ) : node.step.type !== "exit" ? (
          <Insert
            slot={{ from: id, exit: "next" }}
            name={slotName({ from: id, exit: "next" })}
            onInsert={props.onInsert}
            end={last}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="inline-flex min-w-full flex-col items-center px-4 py-6 sm:px-8">
      <div
        className={clsx(
          "w-64 rounded-lg border bg-white shadow-xs",
          props.selected === "trigger" ? "border-brand-500 ring-2 ring-brand-500/30" : "border-slate-300",
        )}
      >
        <button
          type="button"
          id={TRIGGER_CARD_ID}
          onClick={props.onSelectTrigger}
          aria-current={props.selected === "trigger" ? "true" : undefined}
          className="block w-full rounded-lg px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="flex items-center text-[11px] font-semibold tracking-wide text-brand-700 uppercase">
            Trigger
            {props.triggerProblems > 0 && (
              <span className="ml-auto rounded bg-red-50 px-1 font-medium text-red-700 normal-case">
                {props.triggerProblems} to fix
              </span>
            )}
          </span>
          <span className="mt-0.5 block text-[13px] font-medium text-slate-900">
            {triggerSummary(draft.trigger, names)}
          </span>
          <span className="mt-0.5 block text-[12px] text-slate-600">
            {draft.entryFilter ? "With an entry filter · " : ""}
            {draft.reentry.mode === "once"
              ? "Enters once"
              : draft.reentry.mode === "always"
                ? "Enters every time"
                : `Again after ${draft.reentry.days} days`}
          </span>
        </button>
      </div>
      {renderPath(tree.root)}
      {tree.orphans.length > 0 && (
        <section className="mt-8 w-64" aria-label="Steps not on any path">
          <h3 className="mb-2 text-[12px] font-semibold text-slate-600">Not on any path</h3>
          <div className="space-y-2">
            {tree.orphans.map((s) => (
              <StepCard
                key={s.id}
                step={s}
                number={0}
                selected={props.selected === s.id}
                problems={props.problemsByStep[s.id] ?? 0}
                counts={props.counts?.[s.id]}
                canMoveUp={false}
                canMoveDown={false}
                onSelect={props.onSelect}
                onMove={props.onMove}
                onDelete={props.onDelete}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function findBranchLabel(path: TreePath, slot: Slot): string | null {
  for (const node of path.nodes) {
    for (const b of node.branches) {
      if (slot.from === node.step.id && "exit" in slot && slot.exit === b.exit) return b.label;
      const inner = findBranchLabel(b.path, slot);
      if (inner) return inner;
    }
  }
  return null;
}

const Line = () => <span aria-hidden="true" className="block h-4 w-0.5 bg-slate-300" />;

function Insert({
  slot,
  name,
  onInsert,
  end,
}: {
  slot: Slot;
  name: string;
  onInsert(slot: Slot, label: string): void;
  end?: boolean;
}) {
  const { readOnly } = useBuilder();
  if (readOnly) return <Line />;
  return (
    <div className="flex flex-col items-center">
      <Line />
      <button
        type="button"
        aria-label={`Add a step ${name}`}
        title={`Add a step ${name}`}
        data-testid="insert-step"
        onClick={() => onInsert(slot, name)}
        className={clsx(
          "flex size-6 items-center justify-center rounded-full border bg-white text-slate-500 shadow-xs hover:border-brand-400 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600",
          end ? "border-brand-300" : "border-slate-300",
        )}
      >
        <PlusIcon className="size-3.5" />
      </button>
      {!end && <Line />}
    </div>
  );
}
