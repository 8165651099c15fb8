"use client";
// The visual automation builder: the trigger and the step tree on a canvas that scrolls inside itself, a side panel
// for the selected card (a sheet on a phone), the pre-activation checklist, live counts per step, the status moves,
// and autosave under an optimistic lock with the composer's conflict choice.
import { useCallback, useMemo, useState, type ComponentType } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { Automation, Step, StepType } from "@/lib/schemas/automations";
import { unwrap } from "@/lib/action-result";
import { useLeaveGuard } from "@/lib/use-leave-guard";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, CloseIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { SaveStatus } from "@/features/composer/ui/save-status";
import {
  activateAutomationAction,
  getAutomationAction,
  getAutomationChecklistAction,
  getAutomationCountsAction,
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
import { cardDomId, type StepCounts } from "./step-card";
import { useAutomationAutosave } from "./use-automation-autosave";

export const COUNTS_REFETCH_MS = 5_000;

const STATUS_TONE: Record<Automation["status"], BadgeTone> = {
  draft: "neutral",
  active: "green",
  paused: "amber",
  archived: "neutral",
};

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

  const checklist = useQuery({
    queryKey: ["automations", workspaceId, initial.id, "checklist", automation.updatedAt],
    queryFn: async () => unwrap(await getAutomationChecklistAction({ id: initial.id })),
    enabled: automation.status !== "archived",
    placeholderData: (previous) => previous,
  });
  const counts = useQuery({
    queryKey: ["automations", workspaceId, initial.id, "counts"],
    queryFn: async () => unwrap(await getAutomationCountsAction({ id: initial.id })),
    enabled: automation.version > 0,
    refetchInterval: COUNTS_REFETCH_MS,
  });
  const countsById = useMemo(() => {
    if (!counts.data) return undefined;
    const map: Record<string, StepCounts> = {};
    for (const s of counts.data.steps)
      map[s.stepId] = { entered: s.entered, waiting: s.waiting, completed: s.completed };
    return map;
  }, [counts.data]);

  // Problems: the checklist's, and the last refused save's (its pointers name the draft as sent).
  const problems: ChecklistProblem[] = useMemo(() => {
    const fromSave =
      autosave.state.kind === "invalid"
        ? autosave.state.errors.map((e) => ({ code: "invalid", message: e.detail, pointer: e.pointer }))
        : [];
    return [...fromSave, ...(checklist.data?.problems ?? [])];
  }, [autosave.state, checklist.data]);
  const byPlace = useMemo(() => {
    const steps: Record<string, string[]> = {};
    const trigger: string[] = [];
    for (const p of problems) {
      const t = problemTarget(p.pointer, draft.steps, p.code);
      if (t.kind === "step") (steps[t.stepId] ??= []).push(p.message);
      else if (t.kind === "trigger" || t.kind === "sender") trigger.push(p.message);
    }
    return { steps, trigger };
  }, [problems, draft.steps]);
  const problemCounts = useMemo(
    () => Object.fromEntries(Object.entries(byPlace.steps).map(([k, v]) => [k, v.length])),
    [byPlace],
  );

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
        <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2.5">
          <div className="flex min-w-0 basis-full items-center gap-2 md:flex-1 md:basis-0">
            <Link
              href="/automations"
              className="flex shrink-0 items-center gap-1 rounded text-[13px] text-slate-500 hover:text-slate-800"
              aria-label="Back to automations"
            >
              <ChevronLeftIcon className="size-4" />
              <span className="hidden xl:inline">Automations</span>
            </Link>
            <h1 className="min-w-0 truncate text-[15px] font-semibold text-slate-900" title={draft.name}>
              {draft.name}
            </h1>
            <span data-testid="automation-status">
              <Badge tone={STATUS_TONE[automation.status]}>{automation.status}</Badge>
            </span>
            {!readOnly && <SaveStatus state={autosave.state} />}
          </div>
          <div className="ml-auto flex items-center gap-1.5">
            <Button variant="secondary" size="sm" onClick={() => focusLater(CHECKLIST_ID)}>
              Checklist{problems.length ? ` (${problems.length})` : ""}
            </Button>
            {props.canSend && automation.status === "draft" && (
              <Button size="sm" loading={moveBusy === "activate"} onClick={() => void move("activate")}>
                Activate
              </Button>
            )}
            {props.canSend && automation.status === "active" && (
              <Button variant="secondary" size="sm" loading={moveBusy === "pause"} onClick={() => void move("pause")}>
                Pause
              </Button>
            )}
            {props.canSend && automation.status === "paused" && (
              <Button size="sm" loading={moveBusy === "activate"} onClick={() => void move("activate")}>
                Resume
              </Button>
            )}
          </div>
        </header>

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
      />
      {emailStep?.type === "email" && (
        <EmailStepEditor step={emailStep} onChange={changeStep} onClose={() => setEditingEmail(null)} />
      )}
    </BuilderProvider>
  );
}
