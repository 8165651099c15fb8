// A random split that is stable per run: the branch comes from a hash of the run and the step, so taking the step
// again (a retry after a crash, a second worker) sends the run down the same branch, and the shares over many runs
// follow the percentages.
import { createHash } from "node:crypto";

/** The index of the branch for this run: buckets 0–9999 of the hash, cut at the cumulative percentages. */
export function splitBranch(runId: string, stepId: string, percents: number[]): number {
  const bucket = createHash("sha256").update(`${runId}:${stepId}`).digest().readUInt32BE(0) % 10_000;
  let upTo = 0;
  for (let i = 0; i < percents.length; i++) {
    upTo += percents[i]! * 100;
    if (bucket < upTo) return i;
  }
  return percents.length - 1;
}
