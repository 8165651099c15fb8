// What a form's definition refers to, checked against the workspace at write time (a 422 pointing at the bad part)
// rather than discovered by a visitor whose submission cannot be stored: custom-field keys and select options, tag
// ids (the form's and each checkbox's) and the segment.
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import { tagIdErrors } from "@/server/services/contacts/check-tag-ids";
import type { FormField } from "@/lib/schemas/forms";

type References = { fields?: FormField[]; tagIds?: string[]; segmentId?: string | null };

/** Only the parts sent are checked: a PATCH of the name alone still works after a custom field was deleted. */
export async function checkFormReferences(workspaceId: string, refs: References): Promise<void> {
  const [fieldErrors, tagErrors, segmentIdErrors] = await Promise.all([
    refs.fields ? fieldReferenceErrors(workspaceId, refs.fields) : [],
    refs.tagIds ? tagIdErrors(workspaceId, refs.tagIds) : [],
    refs.segmentId ? segmentErrors(workspaceId, refs.segmentId) : [],
  ]);
  const errors = [...fieldErrors, ...tagErrors, ...segmentIdErrors];
  if (errors.length) throw new AppError("VALIDATION", "The request body is invalid.", errors);
}

async function fieldReferenceErrors(workspaceId: string, fields: FormField[]): Promise<FieldError[]> {
  const keys = new Set<string>();
  const tagIds = new Set<string>();
  for (const f of fields) {
    if (f.type === "custom") keys.add(f.name);
    if (f.type === "hidden" && f.customField) keys.add(f.customField);
    if (f.type === "checkbox" && f.tagId) tagIds.add(f.tagId);
  }
  const [defs, tags] = await Promise.all([
    keys.size
      ? db().customField.findMany({
          where: { workspaceId, key: { in: [...keys] } },
          select: { key: true, type: true, options: true },
        })
      : [],
    tagIds.size ? db().tag.findMany({ where: { workspaceId, id: { in: [...tagIds] } }, select: { id: true } }) : [],
  ]);
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const knownTags = new Set(tags.map((t) => t.id));
  const noField = "No custom field with this key exists in this workspace.";
  return fields.flatMap((f, i): FieldError[] => {
    const at = `#/fields/${i}`;
    if (f.type === "hidden" && f.customField && !byKey.has(f.customField))
      return [{ pointer: `${at}/customField`, detail: noField }];
    if (f.type === "checkbox" && f.tagId && !knownTags.has(f.tagId))
      return [{ pointer: `${at}/tagId`, detail: "No tag with this id exists in this workspace." }];
    if (f.type !== "custom") return [];
    const def = byKey.get(f.name);
    if (!def) return [{ pointer: `${at}/name`, detail: noField }];
    if (!f.options) return [];
    if (def.type !== "select")
      return [{ pointer: `${at}/options`, detail: `Only select fields have options; "${f.name}" is ${def.type}.` }];
    const allowed = new Set(Array.isArray(def.options) ? def.options.map(String) : []);
    return f.options.flatMap((o, j) =>
      allowed.has(o) ? [] : [{ pointer: `${at}/options/${j}`, detail: `Not an option of the field "${f.name}".` }],
    );
  });
}

async function segmentErrors(workspaceId: string, segmentId: string): Promise<FieldError[]> {
  const found = await db().segment.findFirst({ where: { id: segmentId, workspaceId }, select: { id: true } });
  return found ? [] : [{ pointer: "#/segmentId", detail: "No segment with this id exists in this workspace." }];
}
