// The step list as the canvas draws it: paths of steps from a slot, each ending in an open end, an exit, or a
// branching step whose branches are paths drawn side by side. Steps the tree does not reach (a draft's leftovers)
// are listed apart so they can be seen and deleted.
import type { Step } from "@/lib/schemas/automations";
import { byId, exitKeys, getExit, isLinear, type ExitKey, type Flow, type Slot } from "./flow-ops";

export type TreeNode = { step: Step; number: number; branches: TreeBranch[] };
export type TreeBranch = { exit: ExitKey; label: string; path: TreePath };
/** `from`: the slot the path starts at. `openEnd`: the slot after its last step when nothing follows it. */
export type TreePath = { from: Slot; nodes: TreeNode[]; openEnd: Slot | null };
export type FlowTree = { root: TreePath; orphans: Step[]; order: string[] };

export function exitLabel(step: Step, exit: ExitKey): string {
  if (exit === "yes") return step.type === "wait_for" ? "Event happened" : "Yes";
  if (exit === "no") return "No";
  if (exit === "timedOut") return "Timed out";
  if (step.type === "split") {
    const i = Number(exit.slice(7));
    const b = step.branches[i];
    return `${b?.label || String.fromCharCode(65 + i)} · ${b?.percent ?? 0} %`;
  }
  return "Next";
}

export function buildTree(flow: Flow): FlowTree {
  const seen = new Set<string>();
  const order: string[] = [];
  const walk = (from: Slot, first: string | null): TreePath => {
    const nodes: TreeNode[] = [];
    let cur = first;
    let last: Slot = from;
    while (cur && !seen.has(cur)) {
      const step = byId(flow, cur);
      if (!step) break;
      seen.add(cur);
      order.push(cur);
      const node: TreeNode = { step, number: order.length, branches: [] };
      nodes.push(node);
      if (!isLinear(step)) {
        node.branches = exitKeys(step).map((exit) => ({
          exit,
          label: exitLabel(step, exit),
          path: walk({ from: step.id, exit }, getExit(step, exit)),
        }));
        return { from, nodes, openEnd: null };
      }
      last = { from: step.id, exit: "next" };
      cur = getExit(step, "next");
    }
    // A pointer to a missing or repeated step ends the drawing here; the checklist names the fault.
    const open = cur === null || cur === undefined;
    return { from, nodes, openEnd: open ? (nodes.length ? last : from) : null };
  };
  const root = walk({ from: null }, flow.startStepId);
  return { root, orphans: flow.steps.filter((s) => !seen.has(s.id)), order };
}

/** How wide the tree is: the most paths side by side at any depth (the canvas sizes its columns from it). */
export function treeWidth(path: TreePath): number {
  const last = path.nodes[path.nodes.length - 1];
  if (!last || last.branches.length === 0) return 1;
  return last.branches.reduce((n, b) => n + treeWidth(b.path), 0);
}
