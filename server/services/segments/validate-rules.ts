// Checks a rule tree against the workspace: custom-field keys and types, operators, values, and every record a
// condition names (a tag, a broadcast, a form) being this workspace's. zod has already checked the shape; what is
// wrong here becomes a 422 pointing at the exact condition member, the same for the API and the dashboard's builder.
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import type { SegmentLeaf, SegmentRules } from "@/lib/schemas/segments";
import { checkFieldCondition } from "./check-field-condition";
import { loadFieldDefs, type FieldDefLite } from "./field-defs";

/** The ids of each kind of record the rules name that exist in the workspace. */
export type KnownReferences = { tagIds: Set<string>; broadcastIds: Set<string>; formIds: Set<string> };

/** Returns the workspace's field definitions, so the caller can compile the rules without loading them again. */
export async function validateSegmentRules({
  workspaceId,
  rules,
  pointer = "#/rules",
}: {
  workspaceId: string;
  rules: SegmentRules;
  pointer?: string;
}): Promise<FieldDefLite[]> {
  const named = referencesOf(rules);
  const lookup = (ids: Set<string>, find: (ids: string[]) => Promise<{ id: string }[]>) =>
    ids.size ? find([...ids]).then((rows) => new Set(rows.map((r) => r.id))) : Promise.resolve(new Set<string>());
  const select = { id: true } as const;
  const [fieldDefs, tagIds, broadcastIds, formIds] = await Promise.all([
    loadFieldDefs(workspaceId),
    lookup(named.tagIds, (ids) => db().tag.findMany({ where: { workspaceId, id: { in: ids } }, select })),
    // An automation's hidden step broadcasts are not broadcasts a rule can name (they are never listed).
    lookup(named.broadcastIds, (ids) =>
      db().broadcast.findMany({ where: { workspaceId, id: { in: ids }, automationId: null }, select }),
    ),
    // A deleted form is a 404 everywhere else, so it is no more a valid choice here than an unknown id.
    lookup(named.formIds, (ids) =>
      db().form.findMany({ where: { workspaceId, id: { in: ids }, deletedAt: null }, select }),
    ),
  ]);
  const errors = findRuleErrors(rules, fieldDefs, { tagIds, broadcastIds, formIds }, pointer);
  if (errors.length) throw new AppError("VALIDATION", "The segment rules are invalid.", errors);
  return fieldDefs;
}

/** Pure: every problem of every leaf, each with a JSON pointer to the offending member. */
export function findRuleErrors(
  rules: SegmentRules,
  fieldDefs: FieldDefLite[],
  known: KnownReferences,
  pointer = "#/rules",
): FieldError[] {
  return leavesOf(rules, pointer).flatMap(({ leaf, at }): FieldError[] => {
    if (leaf.type === "tag") {
      return known.tagIds.has(leaf.tagId)
        ? []
        : [{ pointer: `${at}/tagId`, detail: "No tag with this id exists in this workspace." }];
    }
    if (leaf.type === "activity") {
      if ("formId" in leaf && leaf.formId !== undefined && !known.formIds.has(leaf.formId)) {
        return [{ pointer: `${at}/formId`, detail: "No form with this id exists in this workspace." }];
      }
      if ("broadcastId" in leaf && leaf.broadcastId !== undefined && !known.broadcastIds.has(leaf.broadcastId)) {
        return [{ pointer: `${at}/broadcastId`, detail: "No broadcast with this id exists in this workspace." }];
      }
      return [];
    }
    const checked = checkFieldCondition(leaf, fieldDefs);
    return checked.ok ? [] : [{ pointer: `${at}/${checked.at}`, detail: checked.detail }];
  });
}

/** Every id of each kind the rules name (field conditions name custom fields, checked with the field definitions). */
function referencesOf(rules: SegmentRules): KnownReferences {
  const refs: KnownReferences = { tagIds: new Set(), broadcastIds: new Set(), formIds: new Set() };
  for (const { leaf } of leavesOf(rules, "")) {
    if (leaf.type === "tag") refs.tagIds.add(leaf.tagId);
    if (leaf.type === "activity" && "formId" in leaf && leaf.formId) refs.formIds.add(leaf.formId);
    if (leaf.type === "activity" && "broadcastId" in leaf && leaf.broadcastId) refs.broadcastIds.add(leaf.broadcastId);
  }
  return refs;
}

function leavesOf(rules: SegmentRules, pointer: string): { leaf: SegmentLeaf; at: string }[] {
  return rules.conditions.flatMap((c, i) =>
    c.type === "group"
      ? c.conditions.map((leaf, j) => ({ leaf, at: `${pointer}/conditions/${i}/conditions/${j}` }))
      : [{ leaf: c, at: `${pointer}/conditions/${i}` }],
  );
}
