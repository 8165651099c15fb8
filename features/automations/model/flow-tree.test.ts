import { describe, expect, it } from "vitest";
import type { Step } from "@/lib/schemas/automations";
import { buildTree, treeWidth } from "./flow-tree";
import { problemTarget } from "./step-summary";

const steps: Step[] = [
  { id: "e1", type: "email", email: { subject: "Hi", blocks: [] }, next: "s1" },
  {
    id: "s1",
    type: "split",
    branches: [
      { percent: 50, next: "x1" },
      { percent: 50, next: null },
    ],
  },
  { id: "x1", type: "exit" },
  { id: "lost", type: "delay", delay: { mode: "duration", amount: 1, unit: "days" }, next: null },
];

describe("buildTree", () => {
  it("draws paths, branches side by side, open ends, and lists unreached steps apart", () => {
    const tree = buildTree({ startStepId: "e1", steps });
    expect(tree.root.nodes.map((n) => n.step.id)).toEqual(["e1", "s1"]);
    expect(tree.root.openEnd).toBeNull();
    const [a, b] = tree.root.nodes[1]!.branches;
    expect(a!.label).toBe("A · 50 %");
    expect(a!.path.nodes.map((n) => n.step.id)).toEqual(["x1"]);
    expect(a!.path.openEnd).toBeNull();
    expect(b!.path.nodes).toEqual([]);
    expect(b!.path.openEnd).toEqual({ from: "s1", exit: "branch:1" });
    expect(tree.orphans.map((s) => s.id)).toEqual(["lost"]);
    expect(tree.order).toEqual(["e1", "s1", "x1"]);
    expect(treeWidth(tree.root)).toBe(2);
  });

  it("an empty automation is one open start", () => {
    const tree = buildTree({ startStepId: null, steps: [] });
    expect(tree.root.openEnd).toEqual({ from: null });
  });
});

describe("problemTarget", () => {
  it("leads a pointer to its step, the trigger, the sender or the settings", () => {
    expect(problemTarget("#/steps/2/email/subject", steps)).toEqual({
      kind: "step",
      stepId: "x1",
      rest: "/email/subject",
    });
    expect(problemTarget("#/trigger/tagId", steps)).toEqual({ kind: "trigger" });
    expect(problemTarget("#/fromEmail", steps)).toEqual({ kind: "sender" });
    expect(problemTarget("", steps, "missing_postal_address")).toEqual({ kind: "settings" });
    expect(problemTarget("#/steps/9", steps)).toEqual({ kind: "none" });
  });
});
