// What is wrong with an automation's definition beyond its shape (zod checked that): the flow (findFlowErrors: cycles,
// dangling and duplicate ids, unreachable steps; unfinished paths only for activation) and every record it names
// being this workspace's: tags, segments, forms, broadcasts, custom fields (date fields where a date is needed, the
// value of set_field fitting its field) and automations, wherever they are named (trigger, entry filter, conditions,
// waits, actions, goals). One query per kind of record, however many the definition names. Each problem carries a
// JSON pointer into the definition, so the API's 422 and the builder's checklist lead to the same place.
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import type { FieldError } from "@/server/errors";
import { pointerTo } from "@/lib/json-pointer";
import { findFlowErrors, type Reentry, type Step, type Trigger } from "@/lib/schemas/automations";
import type { SegmentRules } from "@/lib/schemas/segments";
import { findRuleErrors, type KnownReferences } from "@/server/services/segments/validate-rules";
import { loadFieldDefs, validateFields, type FieldDef } from "@/server/services/custom-fields/validate-fields";

export type Definition = {
  trigger: Trigger;
  entryFilter: SegmentRules | null;
  reentry: Reentry;
  startStepId: string | null;
  steps: Step[];
};

type Refs = {
  tags: Set<string>;
  segments: Set<string>;
  forms: Set<string>;
  broadcasts: Set<string>;
  automations: Set<string>;
};

/**
 * Every problem of the definition, pointers from the definition's root ("#/steps/2/action/tagId"), and the steps with
 * set_field values in their stored form (as the contacts API stores them: a date as YYYY-MM-DD, an option as defined).
 */
export async function checkDefinition(
  workspaceId: string,
  def: Definition,
  { forActivation = false, automationId }: { forActivation?: boolean; automationId?: string } = {},
): Promise<{ errors: FieldError[]; references: FieldError[]; steps: Step[] }> {
  const flow: FieldError[] = findFlowErrors(def.startStepId, def.steps, { forActivation }).map((i) => ({
    pointer: pointerTo(i.path),
    detail: i.message,
  }));
  const known = await lookUp(workspaceId, namedRecords(def));
  const references = [
    ...referenceErrors(def, known, automationId),
    ...(await loopErrors(workspaceId, def, automationId)),
  ];
  return { errors: [...flow, ...references], references, steps: normaliseSetFieldValues(def.steps, known.fields) };
}

/** The rule trees of a definition, each with where it sits, the step_email conditions left out (by position). */
function ruleTrees(def: Definition): { rules: SegmentRules; at: string; index?: number }[] {
  const trees: { rules: SegmentRules; at: string; index?: number }[] = [];
  if (def.entryFilter) trees.push({ rules: def.entryFilter, at: "#/entryFilter" });
  def.steps.forEach((s, i) => {
    if (s.type === "goal") trees.push({ rules: s.rules, at: `#/steps/${i}/rules` });
    if (s.type === "condition") {
      s.rules.conditions.forEach((c, j) => {
        if (c.type !== "step_email")
          trees.push({ rules: { match: "all", conditions: [c] }, at: `#/steps/${i}/rules`, index: j });
      });
    }
  });
  return trees;
}

function leavesOf(rules: SegmentRules) {
  return rules.conditions.flatMap((c) => (c.type === "group" ? c.conditions : [c]));
}

function namedRecords(def: Definition): Refs {
  const refs: Refs = {
    tags: new Set(),
    segments: new Set(),
    forms: new Set(),
    broadcasts: new Set(),
    automations: new Set(),
  };
  const t = def.trigger;
  if (t.type === "tag_added") refs.tags.add(t.tagId);
  if (t.type === "segment_entered") refs.segments.add(t.segmentId);
  if (t.type === "subscribed" && t.formId) refs.forms.add(t.formId);
  for (const s of def.steps) {
    if (s.type === "wait_for" && s.event.type === "tag_added") refs.tags.add(s.event.tagId);
    if (s.type === "wait_for" && s.event.type === "form_submitted" && s.event.formId) refs.forms.add(s.event.formId);
    if (s.type === "action" && (s.action.type === "add_tag" || s.action.type === "remove_tag"))
      refs.tags.add(s.action.tagId);
    if (s.type === "action" && s.action.type === "start_automation") refs.automations.add(s.action.automationId);
  }
  for (const { rules } of ruleTrees(def)) {
    for (const leaf of leavesOf(rules)) {
      if (leaf.type === "tag") refs.tags.add(leaf.tagId);
      if (leaf.type === "activity" && "formId" in leaf && leaf.formId) refs.forms.add(leaf.formId);
      if (leaf.type === "activity" && "broadcastId" in leaf && leaf.broadcastId) refs.broadcasts.add(leaf.broadcastId);
    }
  }
  return refs;
}

type Known = Refs & { fields: FieldDef[] };

async function lookUp(workspaceId: string, named: Refs): Promise<Known> {
  const select = { id: true } as const;
  const ids = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  const none = Promise.resolve(new Set<string>());
  const [fields, tags, segments, forms, broadcasts, automations] = await Promise.all([
    loadFieldDefs(workspaceId),
    named.tags.size
      ? db()
          .tag.findMany({ where: { workspaceId, id: { in: [...named.tags] } }, select })
          .then(ids)
      : none,
    named.segments.size
      ? db()
          .segment.findMany({ where: { workspaceId, id: { in: [...named.segments] } }, select })
          .then(ids)
      : none,
    // A deleted form is a 404 everywhere else, so it is no more a valid choice here than an unknown id.
    named.forms.size
      ? db()
          .form.findMany({ where: { workspaceId, id: { in: [...named.forms] }, deletedAt: null }, select })
          .then(ids)
      : none,
    // An automation's own hidden step broadcasts are not broadcasts a marketer can name.
    named.broadcasts.size
      ? db()
          .broadcast.findMany({ where: { workspaceId, id: { in: [...named.broadcasts] }, automationId: null }, select })
          .then(ids)
      : none,
    named.automations.size
      ? db()
          .automation.findMany({
            where: { workspaceId, id: { in: [...named.automations] }, status: { not: "archived" } },
            select,
          })
          .then(ids)
      : none,
  ]);
  return { fields, tags, segments, forms, broadcasts, automations };
}

const missing = (pointer: string, what: string): FieldError => ({
  pointer,
  detail: `No ${what} with this id exists in this workspace.`,
});

function dateFieldError(pointer: string, field: string, fields: FieldDef[]): FieldError | null {
  const def = fields.find((f) => `fields.${f.key}` === field);
  if (!def) return { pointer, detail: `This workspace has no custom field with the key "${field.slice(7)}".` };
  if (def.type !== "date") return { pointer, detail: `"${def.key}" is a ${def.type} field, not a date field.` };
  return null;
}

function referenceErrors(def: Definition, known: Known, automationId?: string): FieldError[] {
  const errors: FieldError[] = [];
  const t = def.trigger;
  if (t.type === "tag_added" && !known.tags.has(t.tagId)) errors.push(missing("#/trigger/tagId", "tag"));
  if (t.type === "segment_entered" && !known.segments.has(t.segmentId))
    errors.push(missing("#/trigger/segmentId", "segment"));
  if (t.type === "subscribed" && t.formId && !known.forms.has(t.formId))
    errors.push(missing("#/trigger/formId", "form"));
  if (t.type === "date_anniversary") {
    const e = dateFieldError("#/trigger/field", t.field, known.fields);
    if (e) errors.push(e);
  }
  def.steps.forEach((s, i) => {
    const at = `#/steps/${i}`;
    if (s.type === "delay" && s.delay.mode === "until_date") {
      const e = dateFieldError(`${at}/delay/field`, s.delay.field, known.fields);
      if (e) errors.push(e);
    }
    if (s.type === "wait_for" && s.event.type === "tag_added" && !known.tags.has(s.event.tagId))
      errors.push(missing(`${at}/event/tagId`, "tag"));
    if (
      s.type === "wait_for" &&
      s.event.type === "form_submitted" &&
      s.event.formId &&
      !known.forms.has(s.event.formId)
    )
      errors.push(missing(`${at}/event/formId`, "form"));
    if (s.type === "action") errors.push(...actionErrors(s.action, `${at}/action`, known, automationId));
  });
  const refs: KnownReferences = { tagIds: known.tags, broadcastIds: known.broadcasts, formIds: known.forms };
  for (const tree of ruleTrees(def)) {
    const found = findRuleErrors(tree.rules, known.fields, refs, tree.at);
    // A condition step's segment conditions are checked one by one: put each back at its own position.
    errors.push(
      ...(tree.index === undefined
        ? found
        : found.map((e) => ({
            ...e,
            pointer: e.pointer.replace(`${tree.at}/conditions/0`, `${tree.at}/conditions/${tree.index}`),
          }))),
    );
  }
  return errors;
}

/**
 * A start_automation step whose target leads back to this automation (B starts C starts this one): every run around
 * the loop would start the next, and the contact get its emails again and again. The other automations' start edges
 * come from one query (their current definitions; archived ones start nothing).
 */
async function loopErrors(workspaceId: string, def: Definition, automationId?: string): Promise<FieldError[]> {
  // An automation starting itself is refused on its own (actionErrors); here the loops through others.
  const starts = def.steps.flatMap((s, i) =>
    s.type === "action" && s.action.type === "start_automation" && s.action.automationId !== automationId
      ? [{ i, target: s.action.automationId }]
      : [],
  );
  if (!automationId || starts.length === 0) return [];
  const rows = await sql<{ id: string; name: string; targets: string[] }>(
    `SELECT a.id, a.name,
            coalesce(array_agg(DISTINCT s->'action'->>'automationId')
                       FILTER (WHERE s->>'type' = 'action' AND s->'action'->>'type' = 'start_automation'), '{}') AS targets
       FROM "Automation" a LEFT JOIN LATERAL jsonb_array_elements(a.steps) s ON true
      WHERE a."workspaceId" = $1 AND a.status <> 'archived' AND a.id <> $2
      GROUP BY a.id`,
    [workspaceId, automationId],
  );
  const edges = new Map(rows.map((r) => [r.id, r.targets]));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  /** The path from `from` back to this automation, if there is one. */
  const pathBack = (from: string, seen = new Set<string>()): string[] | null => {
    if (from === automationId) return [];
    if (seen.has(from)) return null;
    seen.add(from);
    for (const next of edges.get(from) ?? []) {
      const rest = pathBack(next, seen);
      if (rest) return [from, ...rest];
    }
    return null;
  };
  return starts.flatMap(({ i, target }) => {
    const path = pathBack(target);
    if (!path) return [];
    const chain = path.map((id) => `“${names.get(id) ?? id}”`).join(" → ");
    return [
      {
        pointer: `#/steps/${i}/action/automationId`,
        detail: `Starting ${chain} here makes a loop: it starts this automation again.`,
      },
    ];
  });
}

function actionErrors(
  action: Extract<Step, { type: "action" }>["action"],
  at: string,
  known: Known,
  automationId?: string,
): FieldError[] {
  switch (action.type) {
    case "add_tag":
    case "remove_tag":
      return known.tags.has(action.tagId) ? [] : [missing(`${at}/tagId`, "tag")];
    case "start_automation":
      if (action.automationId === automationId)
        return [{ pointer: `${at}/automationId`, detail: "An automation cannot start itself." }];
      return known.automations.has(action.automationId) ? [] : [missing(`${at}/automationId`, "automation")];
    case "set_field": {
      const { errors } = validateFields(known.fields, { [action.field]: action.value });
      return errors.map((e) => ({
        pointer: e.detail === "Unknown custom field." ? `${at}/field` : `${at}/value`,
        detail:
          e.detail === "Unknown custom field."
            ? `This workspace has no custom field with the key "${action.field}".`
            : e.detail,
      }));
    }
    default:
      return [];
  }
}

function normaliseSetFieldValues(steps: Step[], fields: FieldDef[]): Step[] {
  return steps.map((s) => {
    if (s.type !== "action" || s.action.type !== "set_field") return s;
    const value = validateFields(fields, { [s.action.field]: s.action.value }).values[s.action.field];
    return value === undefined
      ? s
      : { ...s, action: { ...s.action, value: value as string | number | boolean | null } };
  });
}
