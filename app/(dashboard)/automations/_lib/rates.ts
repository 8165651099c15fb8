// The automation pages' rates, computed from the counts (the same rule everywhere): a share of a whole, "—" when the
// whole is zero (0 % would read as a result).
import { formatRate } from "@/components/broadcasts/format-rate";

export function rateText(part: number, whole: number): string {
  return whole > 0 ? formatRate((part / whole) * 100) : "—";
}

/** Runs that reached a goal, of the runs that entered. */
export const conversionText = (converted: number, entered: number) => rateText(converted, entered);
