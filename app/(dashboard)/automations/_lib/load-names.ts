// The names the automation pages print for the ids their definitions hold (a trigger's tag, a step's form…): one
// query per kind, only the ids named, whatever the workspace's size. A deleted record is simply missing (the words
// then say "(deleted)").
import "server-only";
import type { Step, Trigger } from "@/lib/schemas/automations";
import { db } from "@/server/db/client";
import { referencedIds, type AutomationNames } from "./describe";

const toMap = (rows: { id: string; name: string }[]) => Object.fromEntries(rows.map((r) => [r.id, r.name]));

export async function loadAutomationNames(
  workspaceId: string,
  defs: { trigger: Trigger; steps: Step[] }[],
): Promise<AutomationNames> {
  const ids = referencedIds(defs);
  const select = { id: true, name: true } as const;
  const none = Promise.resolve([]);
  const [tags, segments, forms, automations, fields] = await Promise.all([
    ids.tags.length ? db().tag.findMany({ where: { workspaceId, id: { in: ids.tags } }, select }) : none,
    ids.segments.length ? db().segment.findMany({ where: { workspaceId, id: { in: ids.segments } }, select }) : none,
    ids.forms.length
      ? db().form.findMany({ where: { workspaceId, id: { in: ids.forms }, deletedAt: null }, select })
      : none,
    ids.automations.length
      ? db().automation.findMany({ where: { workspaceId, id: { in: ids.automations } }, select })
      : none,
    ids.fields.length
      ? db().customField.findMany({
          where: { workspaceId, key: { in: ids.fields } },
          select: { key: true, label: true },
        })
      : Promise.resolve([]),
  ]);
  return {
    tags: toMap(tags),
    segments: toMap(segments),
    forms: toMap(forms),
    automations: toMap(automations),
    fields: Object.fromEntries(fields.map((f) => [f.key, f.label])),
  };
}
