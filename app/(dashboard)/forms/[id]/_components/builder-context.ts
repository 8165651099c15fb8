"use client";
// What every builder panel needs: the draft and a way to change it, the workspace's pickable lists, and the save's
// field errors keyed by JSON pointer without the leading "#/" ("fields/2/name", "styles/buttonColor").
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import type { FormDraft } from "@/components/forms/form-draft";

export type WorkspaceLists = { customFields: CustomField[]; tags: Tag[]; segments: Segment[] };
export type PointerErrors = Record<string, string>;

export type PanelProps = {
  draft: FormDraft;
  change: (patch: Partial<FormDraft>) => void;
  errors: PointerErrors;
  lists: WorkspaceLists;
};

/** The pointers of a save's 422 as the panels key them; the action nests the body under `input`. */
export function pointerMap(pointers: { pointer: string; detail: string }[]): PointerErrors {
  const map: PointerErrors = {};
  for (const { pointer, detail } of pointers) {
    const key = pointer.replace(/^#\/?/, "").replace(/^input(\/|$)/, "");
    map[key || "_"] ??= detail;
  }
  return map;
}

/** The first error at or under a pointer ("styles" finds "styles/buttonColor"). */
export function errorUnder(errors: PointerErrors, prefix: string): string | undefined {
  for (const [key, detail] of Object.entries(errors)) if (key === prefix || key.startsWith(`${prefix}/`)) return detail;
  return undefined;
}
