import { describe, expect, it } from "vitest";
import { findFlowErrors, ZCreateAutomation, ZStep } from "@/lib/schemas/automations";
import { ZBlocks } from "@/lib/schemas/blocks";
import { AUTOMATION_TEMPLATE_IDS, AUTOMATION_TEMPLATES, automationTemplate } from "./automation-templates";

describe.each(AUTOMATION_TEMPLATES.map((t) => [t.id, t] as const))("the %s template", (_, template) => {
  it("is a definition the API takes as it is, every default filled", () => {
    const parsed = ZCreateAutomation.parse({
      name: template.name,
      trigger: template.trigger,
      reentry: template.reentry,
      startStepId: template.startStepId,
      steps: template.steps,
    });
    // Stored as the schema would store it: parsing adds nothing.
    expect(parsed.steps).toEqual(template.steps);
    for (const step of template.steps) expect(ZStep.parse(step)).toEqual(step);
  });

  it("passes the flow checks for activation: a tree whose every path ends in an exit", () => {
    expect(findFlowErrors(template.startStepId, template.steps, { forActivation: true })).toEqual([]);
    expect(template.steps.filter((s) => s.type === "exit").length).toBeGreaterThan(0);
  });

  it("has real copy in every email: a subject, a preview line, a heading and a linked button", () => {
    const emails = template.steps.flatMap((s) => (s.type === "email" ? [s.email] : []));
    expect(emails.length).toBeGreaterThan(0);
    for (const email of emails) {
      expect(email.subject?.length).toBeGreaterThan(10);
      expect(email.previewText?.length).toBeGreaterThan(10);
      expect(ZBlocks.parse(email.blocks)).toEqual(email.blocks);
      expect(email.blocks.some((b) => b.type === "heading")).toBe(true);
      expect(email.blocks.some((b) => b.type === "button" && b.href.startsWith("https://"))).toBe(true);
    }
  });
});

describe("automationTemplate", () => {
  it("hands out a copy, so a caller's changes never reach the next one", () => {
    expect(AUTOMATION_TEMPLATES.map((t) => t.id)).toEqual([...AUTOMATION_TEMPLATE_IDS]);
    const first = automationTemplate("welcome_series");
    first.steps.length = 0;
    expect(automationTemplate("welcome_series").steps.length).toBeGreaterThan(0);
  });

  it("matches the contract's template names", () => {
    expect(ZCreateAutomation.shape.template.unwrap().options).toEqual([...AUTOMATION_TEMPLATE_IDS]);
  });

  it("makes the welcome series send its second email only to those who did not click the first", () => {
    const t = automationTemplate("welcome_series");
    const condition = t.steps.find((s) => s.type === "condition");
    expect(condition).toMatchObject({
      rules: { conditions: [{ type: "step_email", action: "clicked", stepId: "welcome" }] },
    });
    const no = t.steps.find((s) => s.id === (condition as { no: string }).no);
    expect(no?.type).toBe("email");
  });
});
