// What is unfinished in a condition, said before the server is asked, in the same sentences the server answers
// (lib/schemas/segment-messages.ts). A condition with a problem is left out of the live count and shown as an
// error only once the person has left it or tried to save: a condition just added is not a mistake.
import { SEGMENT_MESSAGES as M } from "@/lib/schemas/segment-messages";
import { DAY_OPERATORS, VALUELESS, type Subject } from "./rule-catalog";
import type { LeafDraft, RulesDraft } from "./rule-draft";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDays = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 3650;

export function leafProblem(leaf: LeafDraft, subject: Subject | undefined): string | null {
  if (leaf.subject === "tag") return UUID.test(leaf.value) ? null : M.chooseTag;
  if (leaf.subject === "activity") {
    if (leaf.targetId.trim() && !UUID.test(leaf.targetId.trim()))
      return leaf.operator === "submitted_form" ? M.formId : M.broadcastId;
    return leaf.days.trim() && !isDays(leaf.days) ? M.enterDays : null;
  }
  // A field deleted since the segment was saved: the server names it.
  if (!subject) return null;
  if (VALUELESS.has(leaf.operator)) return null;
  if (DAY_OPERATORS.has(leaf.operator)) return isDays(leaf.days) ? null : M.enterDays;
  if (leaf.operator === "in") {
    const list = subject.kind === "timezone" ? leaf.value.split(",").filter((v) => v.trim()) : leaf.values;
    return list.length > 0 ? null : M.chooseValues;
  }
  const value = leaf.value.trim();
  if (subject.kind === "number") return value !== "" && Number.isFinite(Number(value)) ? null : M.enterNumber;
  if (leaf.value !== "") return null;
  if (subject.kind === "status") return M.chooseStatus;
  if (subject.kind === "select") return M.chooseOption;
  if (subject.kind === "date") return M.enterDate;
  return M.enterText;
}

/** Problems by condition position ("2", "3.0"), and each position's draft key (to know who was touched). */
export function draftProblems(draft: RulesDraft, subjects: Subject[]) {
  const problems: Record<string, string> = {};
  const keyAt: Record<string, string> = {};
  const subjectOf = (id: string) => subjects.find((s) => s.id === id);
  draft.conditions.forEach((c, i) => {
    const leaves = c.type === "group" ? c.conditions.map((l, j) => [`${i}.${j}`, l] as const) : [[`${i}`, c] as const];
    if (c.type === "group") keyAt[`${i}`] = c.key;
    for (const [at, leaf] of leaves) {
      keyAt[at] = leaf.key;
      const problem = leafProblem(leaf, subjectOf(leaf.subject));
      if (problem) problems[at] = problem;
    }
  });
  return { problems, keyAt };
}

/**
 * The draft without its unfinished conditions (a group left empty goes too), for the live count, and where each
 * kept position was in the full draft, so the server's messages about the count find their row again.
 */
export function countableDraft(draft: RulesDraft, problems: Record<string, string>) {
  const origin: Record<string, string> = {};
  const conditions: RulesDraft["conditions"] = [];
  draft.conditions.forEach((c, i) => {
    if (c.type === "leaf") {
      if (problems[`${i}`]) return;
      origin[`${conditions.length}`] = `${i}`;
      conditions.push(c);
      return;
    }
    const kept = c.conditions.map((l, j) => [l, j] as const).filter(([, j]) => !problems[`${i}.${j}`]);
    if (kept.length === 0) return;
    const at = conditions.length;
    origin[`${at}`] = `${i}`;
    kept.forEach(([, j], k) => (origin[`${at}.${k}`] = `${i}.${j}`));
    conditions.push({ ...c, conditions: kept.map(([l]) => l) });
  });
  return { draft: { ...draft, conditions }, origin, left: Object.keys(problems).length };
}
