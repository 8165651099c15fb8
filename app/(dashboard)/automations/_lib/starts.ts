// Where a new automation starts: blank, or one of the three templates the API's create takes (`template`). The
// names and lines are the dialog's; the templates' steps and copy are lib/automation-templates.ts's.
import type { CreateAutomation } from "@/lib/schemas/automations";

export type AutomationStart = "blank" | NonNullable<CreateAutomation["template"]>;

export const AUTOMATION_STARTS: {
  value: AutomationStart;
  template: CreateAutomation["template"];
  name: string;
  description: string;
}[] = [
  {
    value: "blank",
    template: undefined,
    name: "Blank automation",
    description: "A trigger and nothing else: add the steps yourself.",
  },
  {
    value: "welcome_series",
    template: "welcome_series",
    name: "Welcome series",
    description: "Greets new subscribers at once, then follows up two days later with those who did not click.",
  },
  {
    value: "re_engagement",
    template: "re_engagement",
    name: "Re-engagement",
    description: "Wins back contacts who stopped opening, and tags those who still do not answer.",
  },
  {
    value: "birthday",
    template: "birthday",
    name: "Birthday email",
    description: "A greeting on each contact's birthday, at 9:00 in their own time zone.",
  },
];
