// The builder's own check of unfinished conditions (app/(dashboard)/segments/_lib/leaf-problem.ts); here so the unit
// project, which reads lib, server and components, runs it.
import { describe, expect, it } from "vitest";
import { SEGMENT_MESSAGES as M } from "@/lib/schemas/segment-messages";
import { subjectsOf } from "@/app/(dashboard)/segments/_lib/rule-catalog";
import { newLeaf, type LeafDraft, type RulesDraft } from "@/app/(dashboard)/segments/_lib/rule-draft";
import { countableDraft, draftProblems, leafProblem } from "@/app/(dashboard)/segments/_lib/leaf-problem";

const subjects = subjectsOf([
  {
    id: "f1",
    workspaceId: "w",
    key: "plan",
    label: "Plan",
    type: "select",
    options: ["Free", "Pro"],
    createdAt: "",
    updatedAt: "",
  },
  {
    id: "f2",
    workspaceId: "w",
    key: "seats",
    label: "Seats",
    type: "number",
    options: [],
    createdAt: "",
    updatedAt: "",
  },
]);
const subject = (id: string) => subjects.find((s) => s.id === id)!;
const leaf = (id: string, patch: Partial<LeafDraft> = {}) => ({ ...newLeaf(subject(id)), ...patch });
const TAG = "0b8f7a5e-4c1d-4a6b-9c2e-5d3f1a7b9e01";

describe("leafProblem", () => {
  it("asks for what a new condition lacks, in the server's words", () => {
    expect(leafProblem(leaf("tag"), subject("tag"))).toBe(M.chooseTag);
    expect(leafProblem(leaf("email"), subject("email"))).toBe(M.enterText);
    expect(leafProblem(leaf("status"), subject("status"))).toBe(M.chooseStatus);
    expect(leafProblem(leaf("fields.plan"), subject("fields.plan"))).toBe(M.chooseOption);
    expect(leafProblem(leaf("fields.seats"), subject("fields.seats"))).toBe(M.enterNumber);
    expect(leafProblem(leaf("createdAt", { operator: "on" }), subject("createdAt"))).toBe(M.enterDate);
    expect(leafProblem(leaf("createdAt", { operator: "within_last_days" }), subject("createdAt"))).toBe(M.enterDays);
    expect(leafProblem(leaf("fields.plan", { operator: "in" }), subject("fields.plan"))).toBe(M.chooseValues);
    expect(leafProblem(leaf("timezone", { operator: "in", value: " , " }), subject("timezone"))).toBe(M.chooseValues);
    expect(leafProblem(leaf("activity", { operator: "submitted_form", targetId: "x" }), subject("activity"))).toBe(
      M.formId,
    );
    expect(leafProblem(leaf("activity", { days: "0" }), subject("activity"))).toBe(M.enterDays);
  });

  it("has nothing to say about a finished condition", () => {
    expect(leafProblem(leaf("tag", { value: TAG }), subject("tag"))).toBeNull();
    expect(leafProblem(leaf("email", { operator: "is_set" }), subject("email"))).toBeNull();
    expect(leafProblem(leaf("fields.seats", { value: "3.5" }), subject("fields.seats"))).toBeNull();
    expect(leafProblem(leaf("activity"), subject("activity"))).toBeNull(); // any broadcast, any time
    expect(leafProblem({ ...leaf("email"), subject: "fields.gone" }, undefined)).toBeNull(); // the server names it
  });
});

describe("countableDraft", () => {
  it("leaves unfinished conditions out and maps the kept positions back", () => {
    const draft: RulesDraft = {
      match: "all",
      conditions: [
        leaf("tag"),
        leaf("email", { value: "a" }),
        { key: "g", type: "group", match: "any", conditions: [leaf("status"), leaf("status", { value: "bounced" })] },
        { key: "h", type: "group", match: "any", conditions: [leaf("tag")] },
      ],
    };
    const { problems, keyAt } = draftProblems(draft, subjects);
    expect(Object.keys(problems)).toEqual(["0", "2.0", "3.0"]);
    expect(keyAt["2"]).toBe("g");
    const countable = countableDraft(draft, problems);
    expect(countable.left).toBe(3);
    expect(countable.draft.conditions).toHaveLength(2);
    expect(countable.origin).toEqual({ "0": "1", "1": "2", "1.0": "2.1" });
  });
});
