// The automation pages' rates, computed from the counts (the same rule everywhere): a share of a whole, "—" when the
// whole is zero (0 % would read as a result).
import { formatRate } from "@/components/broadcasts/format-rate";

export function rateText(part: number, whole: number): string {
  return whole > 0 ? formatRate((part / whole) * 100) : "—";
}

/** Runs that reached a goal, of the runs that entered; "—" for an automation without a goal step (nothing to reach). */
export const conversionText = (converted: number, entered: number, hasGoal = true) =>
  hasGoal ? rateText(converted, entered) : "—";

/** Whether the definition has a goal step. */
export const hasGoalStep = (steps: readonly { type: string }[]) => steps.some((s) => s.type === "goal");
