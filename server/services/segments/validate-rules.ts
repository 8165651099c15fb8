// Checks a rule tree against the workspace: custom-field keys and types, operators, values and tag ownership.
// zod has already checked the shape; what is wrong here becomes a 422 pointing at the exact condition.
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import type { SegmentLeaf, SegmentRules } from "@/lib/schemas/segments";
import { checkFieldCondition } from "./check-field-condition";
import { loadFieldDefs, type FieldDefLite } from "./field-defs";

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
  const tagIds = [
    ...new Set(leavesOf(rules, pointer).flatMap(({ leaf }) => (leaf.type === "tag" ? [leaf.tagId] : []))),
  ];
  const [fieldDefs, tags] = await Promise.all([
    loadFieldDefs(workspaceId),
    tagIds.length
      ? db().tag.findMany({ where: { workspaceId, id: { in: tagIds } }, select: { id: true } })
      : Promise.resolve([]),
  ]);
  const errors = findRuleErrors(rules, fieldDefs, new Set(tags.map((t) => t.id)), pointer);
  if (errors.length) throw new AppError("VALIDATION", "The segment rules are invalid.", errors);
  return fieldDefs;
}

/** Pure: every problem of every leaf, each with a JSON pointer to the offending member. */
export function findRuleErrors(
  rules: SegmentRules,
  fieldDefs: FieldDefLite[],
  workspaceTagIds: Set<string>,
  pointer = "#/rules",
): FieldError[] {
  return leavesOf(rules, pointer).flatMap(({ leaf, at }): FieldError[] => {
    if (leaf.type === "tag") {
      return workspaceTagIds.has(leaf.tagId)
        ? []
        : [{ pointer: `${at}/tagId`, detail: "No tag with this id exists in this workspace." }];
    }
    if (leaf.type !== "field") return [];
    const checked = checkFieldCondition(leaf, fieldDefs);
    return checked.ok ? [] : [{ pointer: `${at}/${checked.at}`, detail: checked.detail }];
  });
}

function leavesOf(rules: SegmentRules, pointer: string): { leaf: SegmentLeaf; at: string }[] {
  return rules.conditions.flatMap((c, i) =>
    c.type === "group"
      ? c.conditions.map((leaf, j) => ({ leaf, at: `${pointer}/conditions/${i}/conditions/${j}` }))
      : [{ leaf: c, at: `${pointer}/conditions/${i}` }],
  );
}
