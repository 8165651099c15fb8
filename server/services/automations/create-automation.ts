import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { Automation, CreateAutomation } from "@/lib/schemas/automations";
import { automationTemplate } from "@/lib/automation-templates";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { automationColumns, toAutomation, type AutomationRow } from "./automation-record";
import { definitionParams, merged, validated, type Stored } from "./write-automation";

/**
 * A new draft. From a template, its trigger, re-entry and steps, members given in the input winning; without one,
 * `trigger` is required. A draft may be unfinished but is never structurally wrong, and names only this
 * workspace's records (422 listing every problem, nothing stored).
 */
export async function createAutomation(workspaceId: string, input: CreateAutomation): Promise<Automation> {
  const { template, ...fields } = input;
  let base: Stored;
  if (template) {
    const t = automationTemplate(template);
    base = {
      name: input.name,
      description: t.description,
      trigger: input.trigger ?? (await templateTrigger(workspaceId, t.trigger)),
      entryFilter: null,
      reentry: t.reentry,
      // Steps given instead of the template's start where the template's first step is, if they have it.
      startStepId:
        !input.steps || input.steps.some((s) => s.id === t.startStepId) ? t.startStepId : (input.steps[0]?.id ?? null),
      steps: t.steps,
      fromName: null,
      fromEmail: null,
      replyTo: null,
    };
  } else {
    if (!input.trigger) {
      throw new AppError("VALIDATION", "Choose a trigger (or start from a template).", [
        {
          pointer: "#/trigger",
          detail: "Choose a trigger: subscribed, tag_added, segment_entered, date_anniversary or api.",
        },
      ]);
    }
    base = {
      name: input.name,
      description: null,
      trigger: input.trigger,
      entryFilter: null,
      reentry: { mode: "once" },
      startStepId: null,
      steps: [],
      fromName: null,
      fromEmail: null,
      replyTo: null,
    };
  }
  const def = await validated(workspaceId, merged(base, fields), { live: false });
  const p = definitionParams(def);
  const [row] = await sql<AutomationRow>(
    `INSERT INTO "Automation" AS a (id, "workspaceId", name, description, status, trigger, "entryFilter", reentry,
                                    "startStepId", steps, "fromName", "fromEmail", "replyTo", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, $3, 'draft', $4::jsonb, $5::jsonb, $6::jsonb, $7, $8::jsonb, $9, $10, $11,
             now(), now())
     RETURNING ${automationColumns}`,
    [
      workspaceId,
      def.name,
      def.description,
      p.trigger,
      p.entryFilter,
      p.reentry,
      def.startStepId,
      p.steps,
      def.fromName,
      def.fromEmail,
      def.replyTo,
    ],
  );
  return toAutomation(row!);
}

/**
 * The birthday template names `fields.birthday`; a workspace that keeps birthdays under another date field gets that
 * one (a key with "birth" in it first), and one without any date field is told to add it.
 */
async function templateTrigger(workspaceId: string, trigger: Stored["trigger"]): Promise<Stored["trigger"]> {
  if (trigger.type !== "date_anniversary") return trigger;
  const dates = (await loadFieldDefs(workspaceId, db())).filter((f) => f.type === "date").map((f) => f.key);
  const key = dates.find((k) => `fields.${k}` === trigger.field) ?? dates.find((k) => k.includes("birth")) ?? dates[0];
  if (!key) {
    throw new AppError("VALIDATION", "The birthday template needs a custom field of type date holding birthdays.", [
      {
        pointer: "#/template",
        detail: "Add a custom field of type date (e.g. birthday) first, then start from this template.",
      },
    ]);
  }
  return { ...trigger, field: `fields.${key}` };
}
