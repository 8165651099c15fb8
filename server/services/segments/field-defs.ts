// The custom fields a rule may address, reduced to what the compiler and the validator need.
import { CONTACT_FIELD_KINDS, type ContactFieldName, type FieldKind } from "@/lib/schemas/segments";
import type { FieldDef } from "@/server/services/custom-fields/validate-fields";

// One loader of a workspace's custom fields for contacts and segments alike.
export { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";

export type FieldDefLite = FieldDef;

export type ResolvedField = { kind: FieldKind; builtIn: ContactFieldName | null; def: FieldDefLite | null };

/** `email` → a built-in field; `fields.plan` → the custom field `plan`, or null when the workspace has none. */
export function resolveField(field: string, fieldDefs: FieldDefLite[]): ResolvedField | null {
  if (Object.hasOwn(CONTACT_FIELD_KINDS, field)) {
    const builtIn = field as ContactFieldName;
    return { kind: CONTACT_FIELD_KINDS[builtIn], builtIn, def: null };
  }
  if (!field.startsWith("fields.")) return null;
  const def = fieldDefs.find((d) => d.key === field.slice("fields.".length));
  return def ? { kind: def.type, builtIn: null, def } : null;
}
