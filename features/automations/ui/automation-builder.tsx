"use client";
// The visual automation builder: the trigger and the step tree on a canvas that scrolls inside itself, a side panel
// for the selected card (a sheet on a phone), the pre-activation checklist, live counts per step, the status moves,
// and autosave under an optimistic lock with the composer's conflict choice.
import { useCallback, useMemo, useState, type ComponentType } from "react";
import type { Automation, Step, StepType } from "@/lib/schemas/automations";
import { unwrap } from "@/lib/action-result";
import { useLeaveGuard } from "@/lib/use-leave-guard";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import {
  activateAutomationAction,
  getAutomationAction,
  pauseAutomationAction,
  saveAutomationAction,
} from "../actions/builder-actions";
import { draftOf, flowOf, replaceStep, withFlow, type AutomationDraft } from "../model/draft";
import {
  addBranch,
  byId,
  deleteStep,
  insertStep,
  moveStep,
  removeBranch,
  slotTarget,
  type DeleteMode,
  type Outcome,
  type Slot,
} from "../model/flow-ops";
import { buildTree } from "../model/flow-tree";
import { newStep } from "../model/new-step";
import { problemTarget, stepTitle } from "../model/step-summary";
import { AddStepDialog } from "./add-step-dialog";
import { BuilderProvider, type BuilderLists, type RulesEditorProps } from "./builder-context";
import { Checklist, CHECKLIST_ID, type ChecklistProblem } from "./checklist";
import { DeleteStepDialog } from "./delete-step-dialog";
import { EmailStepEditor } from "./email-step-editor";
import { FlowCanvas, TRIGGER_CARD_ID } from "./flow-canvas";
import { StepPanel } from "./panels/step-panel";
import { FROM_EMAIL_INPUT_ID, TriggerPanel } from "./panels/trigger-panel";
import { cardDomId } from "./step-card";
import { BuilderHeader } from "./builder-header";
import { useBuilderData } from "./use-builder-data";
import { useAutomationAutosave } from "./use-automation-autosave";

export type AutomationBuilderProps = {
  workspaceId: string;
  initial: Automation;
  lists: BuilderLists;
  senderDefaults: { fromName: string | null; fromEmail: string | null };
  canWrite: boolean;
  canSend: boolean;
  RulesEditor: ComponentType<RulesEditorProps>;
};

export function AutomationBuilder(props: AutomationBuilderProps) {
  const { workspaceId, initial } = props;
  const toast = useToast();
  const [automation, setAutomation] = useState(initial);
  const [draft, setDraft] = useState<AutomationDraft>(() => draftOf(initial));
  const [selected, setSelected] = useState<string | null>(null);
  const [inserting, setInserting] = useState<{ slot: Slot; name: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [editingEmail, setEditingEmail] = useState<string | null>(null);
  // A live automation publishes every save: only who may send edits it (the action checks the same).
  const readOnly =
    !props.canWrite || automation.status === "archived" || (automation.status !== "draft" && !props.canSend);

  const autosave = useAutomationAutosave({
    initial,
    draft,
    save: saveAutomationAction,
    onSaved: setAutomation,
    enabled: !readOnly,
  });
  useLeaveGuard(autosave.dirty, "Leave before your last changes are saved? They will be lost.");

  const flow = useMemo(() => flowOf(draft), [draft]);
  const tree = useMemo(() => buildTree(flow), [flow]);
  const numberOf = useCallback((id: string) => tree.order.indexOf(id) + 1, [tree]);

  const { checklist, countsById, problems, byPlace, problemCounts } = useBuilderData({
    workspaceId,
    automation,
    saveState: autosave.state,
    steps: draft.steps,
  });

  // A tree wider than the canvas opens with its top (the trigger) in view, not its leftmost branch.
  const centreOnce = useCallback((el: HTMLElement | null) => {
    if (el && el.scrollWidth > el.clientWidth) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  }, []);

  const focusLater = (id: string) =>
    requestAnimationFrame(() => {
      const el = document.getElementById(id);
      el?.scrollIntoView({ block: "center", inline: "center" });
      el?.focus({ preventScroll: true });
    });

  const apply = useCallback(
    (outcome: Outcome) => {
      if (!outcome.ok) {
        toast.error(outcome.reason);
        return false;
      }
      setDraft((d) => withFlow(d, outcome.flow));
      return true;
    },
    [toast],
  );

  const onInsert = (type: StepType) => {
    if (!inserting) return;
    const step = newStep(type, flow, inserting.slot.from);
    setInserting(null);
    if (apply(insertStep(flow, inserting.slot, step))) {
      setSelected(step.id);
      focusLater(cardDomId(step.id));
    }
  };
  const onMove = useCallback(
    (id: string, direction: "up" | "down") => {
      if (apply(moveStep(flowOf(draft), id, direction))) focusLater(cardDomId(id));
    },
    [apply, draft],
  );
  const onDeleteAsk = useCallback((id: string) => setDeleting(id), []);
  const onDelete = (mode: DeleteMode | undefined) => {
    if (!deleting) return;
    const slot = tree.order.indexOf(deleting);
    if (apply(deleteStep(flow, deleting, mode))) {
      if (selected === deleting) setSelected(null);
      const before = tree.order[slot - 1];
      focusLater(before ? cardDomId(before) : TRIGGER_CARD_ID);
    }
    setDeleting(null);
  };
  const onSelect = useCallback((id: string | null) => setSelected(id), []);
  const onSelectTrigger = useCallback(() => setSelected("trigger"), []);
  const changeStep = useCallback((step: Step) => setDraft((d) => replaceStep(d, step)), []);

  const goTo = (p: ChecklistProblem) => {
    const t = problemTarget(p.pointer, draft.steps, p.code);
    if (t.kind === "step") {
      setSelected(t.stepId);
      focusLater(cardDomId(t.stepId));
    } else if (t.kind === "sender") {
      setSelected("trigger");
      focusLater(FROM_EMAIL_INPUT_ID);
    } else if (t.kind === "trigger") {
      setSelected("trigger");
      focusLater(TRIGGER_CARD_ID);
    }
  };
  const placeOf = (p: ChecklistProblem) => {
    const t = problemTarget(p.pointer, draft.steps, p.code);
    if (t.kind === "step") return { label: numberOf(t.stepId) ? `step ${numberOf(t.stepId)}` : "the step" };
    if (t.kind === "trigger") return { label: "the trigger" };
    if (t.kind === "sender") return { label: "the sender" };
    if (t.kind === "settings") return { label: "Workspace settings", href: "/settings/workspace" };
    return null;
  };

  // Status moves: save first (activation publishes what is saved), then the move; its answer is the new base.
  const [moveBusy, setMoveBusy] = useState<"activate" | "pause" | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const move = async (which: "activate" | "pause") => {
    setMoveBusy(which);
    setRefusal(null);
    try {
      if (!(await autosave.saveNow())) {
        toast.error("Your changes are not saved yet: fix what the builder shows first.");
        return;
      }
      const result = await (which === "activate" ? activateAutomationAction : pauseAutomationAction)({
        id: initial.id,
      });
      if (result.ok) {
        autosave.rebase(result.data);
        setAutomation(result.data);
        toast.success(
          which === "pause"
            ? "Paused: contacts stay at their step until you resume."
            : automation.status === "paused"
              ? "Resumed."
              : "Active: contacts who trigger it from now on enter.",
        );
      } else {
        // The checklist says why, with a way to each problem: it takes the focus.
        setRefusal(`Not ${which === "pause" ? "paused" : "activated"}: ${result.error}`);
        void checklist.refetch();
        focusLater(CHECKLIST_ID);
      }
    } finally {
      setMoveBusy(null);
    }
  };

  const resolveConflict = async (keep: "theirs" | "mine") => {
    const latest = unwrap(await getAutomationAction({ id: initial.id }));
    setAutomation(latest);
    if (keep === "theirs") {
      const next = draftOf(latest);
      setDraft(next);
      autosave.adopt(latest, next);
    } else {
      await autosave.overwrite(latest);
    }
  };

  const selectedStep = selected && selected !== "trigger" ? (byId(flow, selected) ?? null) : null;
  const deletingStep = deleting ? (byId(flow, deleting) ?? null) : null;
  const emailStep = editingEmail ? byId(flow, editingEmail) : undefined;
  const insertAllowsExit = inserting ? slotTarget(flow, inserting.slot) === null : false;
  const panelOpen = selected !== null && (selected === "trigger" || selectedStep !== null);

  return (
    <BuilderProvider
      workspaceId={workspaceId}
      lists={props.lists}
      readOnly={readOnly}
      RulesEditor={props.RulesEditor}
      steps={draft.steps}
    >
      <div
        data-testid="automation-builder"
        className="-mx-4 -my-8 flex flex-col bg-slate-50 sm:-mx-6 lg:fixed lg:inset-y-0 lg:right-0 lg:left-60 lg:z-10 lg:m-0"
      >
        <BuilderHeader
          name={draft.name}
          status={automation.status}
          saveState={readOnly ? null : autosave.state}
          problems={problems.length}
          canSend={props.canSend}
          busy={moveBusy}
          onChecklist={() => focusLater(CHECKLIST_ID)}
          onMove={(which) => void move(which)}
        />

        {autosave.state.kind === "conflict" && (
          <Notice tone="warning" className="m-3 mb-0">
            <p>{autosave.state.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => void resolveConflict("theirs")}>
                Load the latest version
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void resolveConflict("mine")}>
                Keep mine and overwrite
              </Button>
            </div>
          </Notice>
        )}
        {automation.status !== "draft" && automation.status !== "archived" && !readOnly && (
          <Notice className="m-3 mb-0">
            This automation is {automation.status}: each save publishes a new version at once. Contacts inside go on by
            their step; contacts on a step you remove leave the automation and count as exited.
          </Notice>
        )}

        <div className="grid min-h-0 flex-1 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="flex min-h-0 min-w-0 flex-col">
            <div className="px-4 pt-3">
              <Checklist
                problems={checklist.data ? problems : undefined}
                warnings={checklist.data?.warnings}
                loading={checklist.isFetching}
                placeOf={placeOf}
                onGo={goTo}
                active={automation.status !== "draft"}
                refusal={refusal}
              />
            </div>
            <section
              ref={centreOnce}
              aria-label="Automation steps"
              className="min-h-[60vh] min-w-0 flex-1 overflow-auto lg:min-h-0"
              data-testid="automation-canvas"
            >
              <FlowCanvas
                draft={draft}
                flow={flow}
                selected={selected}
                problemsByStep={problemCounts}
                triggerProblems={byPlace.trigger.length}
                counts={countsById}
                onSelect={onSelect}
                onSelectTrigger={onSelectTrigger}
                onInsert={(slot, name) => setInserting({ slot, name })}
                onMove={onMove}
                onDelete={onDeleteAsk}
              />
            </section>
          </div>
          <aside
            aria-label={selected === "trigger" ? "Trigger settings" : selectedStep ? "Step settings" : "Settings"}
            // Escape closes the panel (on a phone, the sheet) and gives the focus back to the card it belongs to.
            onKeyDown={(event) => {
              if (event.key !== "Escape" || !panelOpen || event.defaultPrevented) return;
              const card = selected === "trigger" ? TRIGGER_CARD_ID : cardDomId(selected!);
              setSelected(null);
              focusLater(card);
            }}
            className={
              panelOpen
                ? "fixed inset-x-0 bottom-0 z-40 max-h-[75dvh] overflow-y-auto rounded-t-xl border-t border-slate-200 bg-white px-4 pt-3 pb-6 shadow-2xl lg:static lg:z-auto lg:max-h-none lg:rounded-none lg:border-t-0 lg:border-l lg:shadow-none"
                : "hidden border-l border-slate-200 bg-white px-4 py-4 lg:block lg:overflow-y-auto"
            }
            data-testid="side-panel"
          >
            {panelOpen && (
              <div className="mb-2 flex justify-end lg:hidden">
                <Button variant="ghost" size="sm" onClick={() => setSelected(null)} aria-label="Close the settings">
                  <CloseIcon className="size-4" />
                </Button>
              </div>
            )}
            {selected === "trigger" ? (
              <TriggerPanel
                draft={draft}
                onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
                senderDefaults={props.senderDefaults}
                problems={byPlace.trigger}
              />
            ) : selectedStep ? (
              <StepPanel
                key={selectedStep.id}
                step={selectedStep}
                number={numberOf(selectedStep.id)}
                allSteps={draft.steps}
                problems={byPlace.steps[selectedStep.id] ?? []}
                onChange={changeStep}
                onEditEmail={() => setEditingEmail(selectedStep.id)}
                onAddBranch={() => apply(addBranch(flow, selectedStep.id))}
                onRemoveBranch={(i) => apply(removeBranch(flow, selectedStep.id, i))}
                onDelete={() => setDeleting(selectedStep.id)}
              />
            ) : (
              <div className="py-8 text-center text-[13px] text-slate-500">
                <p className="font-medium text-slate-700">Nothing selected</p>
                <p className="mt-1">Choose the trigger or a step to change it, or a “+” to add a step.</p>
              </div>
            )}
          </aside>
        </div>
      </div>

      <AddStepDialog
        open={inserting !== null}
        placeName={inserting?.name ?? ""}
        allowExit={insertAllowsExit}
        onClose={() => setInserting(null)}
        onChoose={onInsert}
      />
      <DeleteStepDialog
        flow={flow}
        step={deletingStep}
        title={deletingStep ? stepTitle(deletingStep) : ""}
        onClose={() => setDeleting(null)}
        onDelete={onDelete}
        waitingAt={(ids) => [...ids].reduce((n, id) => n + (countsById?.[id]?.waiting ?? 0), 0)}
      />
      {emailStep?.type === "email" && (
        <EmailStepEditor step={emailStep} onChange={changeStep} onClose={() => setEditingEmail(null)} />
      )}
    </BuilderProvider>
  );
}
