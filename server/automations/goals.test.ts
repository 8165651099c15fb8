import { describe, expect, it } from "vitest";
import type { Step } from "@/lib/schemas/automations";
import { goalsAhead } from "./goals";

const rules = {
  match: "all",
  conditions: [{ type: "tag", operator: "has", tagId: "33333333-3333-4333-8333-333333333333" }],
};
const steps = [
  { id: "mail", type: "email", email: { blocks: [] }, next: "check" },
  { id: "check", type: "condition", rules: { match: "all", conditions: [] }, yes: "wait", no: "bought" },
  { id: "wait", type: "delay", delay: { mode: "duration", amount: 1, unit: "days" }, next: "late" },
  { id: "late", type: "goal", rules, next: "end" },
  { id: "bought", type: "goal", rules, next: "end2" },
  { id: "end", type: "exit" },
  { id: "end2", type: "exit" },
] as unknown as Step[];

describe("goalsAhead", () => {
  const ahead = goalsAhead(steps, "mail");
  const ids = (stepId: string) => (ahead.get(stepId) ?? []).map((g) => g.id);

  it("lists the goals below a step on its own path, nearest first", () => {
    expect(ids("mail")).toEqual(["bought", "late"]);
    expect(ids("check")).toEqual(["bought", "late"]);
    expect(ids("wait")).toEqual(["late"]);
  });

  it("never a goal on another branch, the goal itself, or one behind", () => {
    expect(ids("late")).toEqual([]);
    expect(ids("end")).toEqual([]);
    expect(ids("bought")).toEqual([]);
  });

  it("has nothing for an automation without goals or a start", () => {
    expect(
      goalsAhead(
        steps.filter((s) => s.type !== "goal"),
        "mail",
      ).size,
    ).toBe(0);
    expect(goalsAhead(steps, null).size).toBe(0);
  });
});
