"use client";
// What the builder reads from the server besides the automation: the pre-activation checklist (again after each save)
// and the live counts per step (every few seconds once it has ever been active), and the problems by place (a step,
// the trigger card) from the checklist and from the last refused save.
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Automation, Step } from "@/lib/schemas/automations";
import { unwrap } from "@/lib/action-result";
import type { SaveState } from "@/features/composer/ui/use-autosave";
import { getAutomationChecklistAction, getAutomationCountsAction } from "../actions/builder-actions";
import { problemTarget } from "../model/step-summary";
import type { ChecklistProblem } from "./checklist";
import type { StepCounts } from "./step-card";

export const COUNTS_REFETCH_MS = 5_000;

export function useBuilderData({
  workspaceId,
  automation,
  saveState,
  steps,
}: {
  workspaceId: string;
  automation: Automation;
  saveState: SaveState;
  steps: Step[];
}) {
  const id = automation.id;
  const checklist = useQuery({
    queryKey: ["automations", workspaceId, id, "checklist", automation.updatedAt],
    queryFn: async () => unwrap(await getAutomationChecklistAction({ id: id })),
    enabled: automation.status !== "archived",
    placeholderData: (previous) => previous,
  });
  const counts = useQuery({
    queryKey: ["automations", workspaceId, id, "counts"],
    queryFn: async () => unwrap(await getAutomationCountsAction({ id: id })),
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
      saveState.kind === "invalid"
        ? saveState.errors.map((e) => ({ code: "invalid", message: e.detail, pointer: e.pointer }))
        : [];
    return [...fromSave, ...(checklist.data?.problems ?? [])];
  }, [saveState, checklist.data]);
  const byPlace = useMemo(() => {
    const byStep: Record<string, string[]> = {};
    const trigger: string[] = [];
    for (const p of problems) {
      const t = problemTarget(p.pointer, steps, p.code);
      if (t.kind === "step") (byStep[t.stepId] ??= []).push(p.message);
      else if (t.kind === "trigger" || t.kind === "sender") trigger.push(p.message);
    }
    return { steps: byStep, trigger };
  }, [problems, steps]);
  const problemCounts = useMemo(
    () => Object.fromEntries(Object.entries(byPlace.steps).map(([k, v]) => [k, v.length])),
    [byPlace],
  );

  return { checklist, countsById, problems, byPlace, problemCounts };
}
