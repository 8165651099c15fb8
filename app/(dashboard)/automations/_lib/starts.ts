// Where a new automation starts: blank, or one of the built-in templates the API's create takes (`template`), with
// the names and descriptions the templates themselves carry (lib/automation-templates.ts).
import { AUTOMATION_TEMPLATES, type AutomationTemplateId } from "@/lib/automation-templates";

export type AutomationStart = "blank" | AutomationTemplateId;

export const AUTOMATION_STARTS: {
  value: AutomationStart;
  template: AutomationTemplateId | undefined;
  name: string;
  description: string;
}[] = [
  {
    value: "blank",
    template: undefined,
    name: "Blank automation",
    description: "Starts when a contact subscribes; choose another trigger and add the steps in the builder.",
  },
  ...AUTOMATION_TEMPLATES.map((t) => ({ value: t.id, template: t.id, name: t.name, description: t.description })),
];
