import { describe, expect, it } from "vitest";
import { findFlowErrors, ZSteps, type Step } from "@/lib/schemas/automations";
import {
  addBranch,
  deleteStep,
  evenShares,
  insertStep,
  moveOptions,
  moveStep,
  removeBranch,
  slotOf,
  type Flow,
  type Outcome,
} from "./flow-ops";
import { newStep } from "./new-step";

const email = (id: string, next: string | null = null): Step => ({
  id,
  type: "email",
  email: { subject: id, blocks: [] },
  next,
});
const delay = (id: string, next: string | null = null): Step => ({
  id,
  type: "delay",
  delay: { mode: "duration", amount: 1, unit: "days" },
  next,
});
const exit = (id: string): Step => ({ id, type: "exit" });
const cond = (id: string, yes: string | null, no: string | null, stepId = "e1"): Step => ({
  id,
  type: "condition",
  rules: { match: "all", conditions: [{ type: "step_email", action: "clicked", stepId }] },
  yes,
  no,
});
const split = (id: string, ...nexts: (string | null)[]): Step => ({
  id,
  type: "split",
  branches: nexts.map((next, i) => ({ percent: evenShares(nexts.length)[i]!, next })),
});

function ok(outcome: Outcome): Flow {
  if (!outcome.ok) throw new Error(outcome.reason);
  expect(findFlowErrors(outcome.flow.startStepId, outcome.flow.steps)).toEqual([]);
  expect(ZSteps.safeParse(outcome.flow.steps).success).toBe(true);
  return outcome.flow;
}
const ids = (flow: Flow) => flow.steps.map((s) => s.id).sort();
/** The path from the start following first exits: a readable picture of a chain. */
function chain(flow: Flow, from = flow.startStepId): string[] {
  const out: string[] = [];
  for (let cur = from; cur;) {
    out.push(cur);
    const s = flow.steps.find((x) => x.id === cur)!;
    cur =
      s.type === "exit"
        ? null
        : s.type === "condition"
          ? s.yes
          : s.type === "wait_for"
            ? s.yes
            : s.type === "split"
              ? s.branches[0]!.next
              : s.next;
  }
  return out;
}

// e1 → d1 → c1 (yes: e2 → x1, no: x2)
const base: Flow = {
  startStepId: "e1",
  steps: [email("e1", "d1"), delay("d1", "c1"), cond("c1", "e2", "x2"), email("e2", "x1"), exit("x1"), exit("x2")],
};

describe("insertStep", () => {
  it("puts a step at the start, between steps and at an open end, the rest following it", () => {
    let f = ok(insertStep({ startStepId: null, steps: [] }, { from: null }, email("a")));
    expect(f.startStepId).toBe("a");
    f = ok(insertStep(f, { from: "a", exit: "next" }, delay("b")));
    f = ok(insertStep(f, { from: "a", exit: "next" }, email("c")));
    expect(chain(f)).toEqual(["a", "c", "b"]);
    f = ok(insertStep(f, { from: null }, delay("z")));
    expect(chain(f)).toEqual(["z", "a", "c", "b"]);
  });

  it("a branching step takes what followed onto its first branch", () => {
    const f = ok(insertStep(base, { from: "e1", exit: "next" }, split("s1", null, null)));
    expect(chain(f)).toEqual(["e1", "s1", "d1", "c1", "e2", "x1"]);
    expect(slotOf(f, "s1")).toEqual({ from: "e1", exit: "next" });
  });

  it("inside a branch", () => {
    const f = ok(insertStep(base, { from: "c1", exit: "no" }, email("e3")));
    expect((f.steps.find((s) => s.id === "c1") as { no: string }).no).toBe("e3");
    expect(chain(f, "e3")).toEqual(["e3", "x2"]);
  });

  it("an exit only where the path is open; ids stay unique", () => {
    expect(insertStep(base, { from: "e1", exit: "next" }, exit("x9")).ok).toBe(false);
    expect(insertStep(base, { from: "e1", exit: "next" }, delay("d1")).ok).toBe(false);
    const f: Flow = { startStepId: "a", steps: [email("a")] };
    expect(ok(insertStep(f, { from: "a", exit: "next" }, exit("x"))).steps.length).toBe(2);
  });

  it("every type's new step is valid and keeps the flow clean", () => {
    let f: Flow = base;
    for (const type of ["email", "delay", "condition", "wait_for", "action", "split", "goal"] as const) {
      f = ok(insertStep(f, { from: "e2", exit: "next" }, newStep(type, f, "e2")));
    }
    expect(f.steps.length).toBe(base.steps.length + 7);
  });
});

describe("deleteStep", () => {
  it("cuts out a step with one way on and re-links its path", () => {
    const f = ok(deleteStep(base, "d1"));
    expect(chain(f)).toEqual(["e1", "c1", "e2", "x1"]);
    expect(ids(f)).not.toContain("d1");
  });

  it("deleting the first step makes the next one first", () => {
    const f = ok(deleteStep({ startStepId: "d0", steps: [delay("d0", "e1"), ...base.steps] }, "d0"));
    expect(f.startStepId).toBe("e1");
  });

  it("a branching step keeps the chosen branch, or goes with its subtree", () => {
    const f = ok(deleteStep(base, "c1", { keep: "no" }));
    expect(chain(f)).toEqual(["e1", "d1", "x2"]);
    expect(ids(f)).toEqual(["d1", "e1", "x2"]);
    const g = ok(deleteStep(base, "c1", { subtree: true }));
    expect(ids(g)).toEqual(["d1", "e1"]);
    expect(deleteStep(base, "c1").ok).toBe(false);
  });

  it("refuses to delete an email that a remaining condition checks", () => {
    const r = deleteStep(base, "e1");
    expect(r).toEqual({ ok: false, reason: expect.stringContaining("checks this email") });
    // Together with the condition that checks it, it may go.
    expect(ok(deleteStep(base, "d1", { subtree: true })).steps.map((s) => s.id)).toEqual(["e1"]);
  });

  it("an exit's slot becomes an open end", () => {
    const f = ok(deleteStep(base, "x2"));
    expect((f.steps.find((s) => s.id === "c1") as { no: string | null }).no).toBeNull();
  });
});

describe("moveStep", () => {
  it("swaps with the step above or below on a chain", () => {
    const f = ok(moveStep(base, "d1", "up"));
    expect(chain(f)).toEqual(["d1", "e1", "c1", "e2", "x1"]);
    const g = ok(moveStep(f, "d1", "down"));
    expect(chain(g)).toEqual(chain(base));
  });

  it("up out of a branch goes before the branching step; down into one goes onto its first branch", () => {
    const f = ok(moveStep(base, "e2", "up"));
    expect(chain(f)).toEqual(["e1", "d1", "e2", "c1", "x1"]);
    const g = ok(moveStep(f, "e2", "down"));
    expect(chain(g)).toEqual(chain(base));
  });

  it("refuses what would break an email check, the first step up, an end down and branching steps", () => {
    expect(moveStep(base, "e1", "up").ok).toBe(false);
    // e1 below c1 would leave c1 checking an email that is no longer before it.
    const f: Flow = { startStepId: "e1", steps: [email("e1", "c1"), cond("c1", "x1", "x2"), exit("x1"), exit("x2")] };
    expect(moveStep(f, "e1", "down").ok).toBe(false);
    expect(moveStep(base, "c1", "up").ok).toBe(false);
    expect(moveOptions(base, "e2")).toEqual({ up: true, down: false });
    expect(moveOptions(base, "d1")).toEqual({ up: true, down: true });
  });
});

describe("branches", () => {
  const f: Flow = { startStepId: "s1", steps: [split("s1", "x1", "e1"), exit("x1"), email("e1", "x2"), exit("x2")] };

  it("adds branches up to 5 with shares that add up to 100", () => {
    let g = f;
    for (let n = 3; n <= 5; n++) {
      g = ok(addBranch(g, "s1"));
      const s = g.steps.find((x) => x.id === "s1") as Extract<Step, { type: "split" }>;
      expect(s.branches.length).toBe(n);
      expect(s.branches.reduce((a, b) => a + b.percent, 0)).toBe(100);
    }
    expect(addBranch(g, "s1").ok).toBe(false);
  });

  it("removes a branch with its steps, never below 2", () => {
    expect(removeBranch(f, "s1", 1).ok).toBe(false);
    const g = ok(addBranch(f, "s1"));
    const h = ok(removeBranch(g, "s1", 1));
    expect(ids(h)).toEqual(["s1", "x1"]);
    const s = h.steps[0] as Extract<Step, { type: "split" }>;
    expect(s.branches.map((b) => b.percent)).toEqual([50, 50]);
  });

  it("evenShares", () => {
    expect(evenShares(3)).toEqual([34, 33, 33]);
    expect(evenShares(5)).toEqual([20, 20, 20, 20, 20]);
  });
});
