import { describe, expect, it } from "vitest";
import type { Step } from "@/lib/schemas/automations";
import { AUTOMATION_TEMPLATES } from "@/lib/automation-templates";
import { emailProblems, flowProblems, sendingProblems } from "./checklist-rules";

const ready = { defaultFromEmail: "news@example.com", postalAddress: "1 Main Street" };
const email = (
  id: string,
  next: string | null,
  over: Partial<Extract<Step, { type: "email" }>["email"]> = {},
): Step => ({
  id,
  type: "email",
  email: { subject: "Hi", blocks: [{ type: "text", text: "Hello", align: "left" }], ...over },
  next,
});

describe("the activation checklist's rules", () => {
  it.each(AUTOMATION_TEMPLATES.map((t) => [t.id, t] as const))(
    "finds nothing in the %s template but the workspace's sender and postal address",
    (_, t) => {
      const def = { startStepId: t.startStepId, steps: t.steps, fromEmail: null };
      expect([...flowProblems(def), ...emailProblems(t.steps), ...sendingProblems(def, ready)]).toEqual([]);
      expect(sendingProblems(def, { defaultFromEmail: null, postalAddress: " " }).map((p) => p.code)).toEqual([
        "missing_sender",
        "missing_postal_address",
      ]);
    },
  );

  it("names every incomplete email: no subject, no content, a button without a link (in columns too)", () => {
    const steps: Step[] = [
      email("a", "b", { subject: "  ", blocks: [] }),
      email("b", null, {
        blocks: [
          { type: "button", text: "Buy", href: "", align: "center" },
          { type: "columns", columns: [{ blocks: [{ type: "button", text: "More", href: "", align: "center" }] }] },
        ],
      }),
    ];
    expect(emailProblems(steps)).toEqual([
      { code: "incomplete_email", message: "An unnamed email has no subject.", pointer: "#/steps/0/email/subject" },
      { code: "incomplete_email", message: "An unnamed email has no content.", pointer: "#/steps/0/email/blocks" },
      {
        code: "incomplete_email",
        message: "Email “Hi”: The button “Buy” has no link: add one.",
        pointer: "#/steps/1/email/blocks/0/href",
      },
      {
        code: "incomplete_email",
        message: "Email “Hi”: The button “More” has no link: add one.",
        pointer: "#/steps/1/email/blocks/1/columns/0/blocks/0/href",
      },
    ]);
  });

  it("tells unfinished paths apart from structural errors", () => {
    const steps: Step[] = [
      {
        id: "c",
        type: "condition",
        rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "is_set" }] },
        yes: "x",
        no: null,
      },
      email("x", "missing"),
    ];
    expect(flowProblems({ startStepId: "c", steps })).toEqual([
      { code: "invalid_flow", message: 'No step has the id "missing".', pointer: "#/steps/1/next" },
      { code: "unfinished_path", message: "This path has no end: add a step, or an Exit.", pointer: "#/steps/0/no" },
    ]);
    expect(flowProblems({ startStepId: null, steps: [] })).toEqual([
      { code: "unfinished_path", message: "Add at least one step.", pointer: "#/steps" },
    ]);
  });

  it("needs a sender and a postal address only when the automation sends email", () => {
    const noEmail = { startStepId: "x", steps: [{ id: "x", type: "exit" } as Step], fromEmail: null };
    expect(sendingProblems(noEmail, { defaultFromEmail: null, postalAddress: null })).toEqual([]);
    const own = { startStepId: "a", steps: [email("a", null)], fromEmail: "me@example.com" };
    expect(sendingProblems(own, { defaultFromEmail: null, postalAddress: "Somewhere" })).toEqual([]);
  });
});
