// What every builder panel gets: the draft and a way to change it, the workspace's pickable lists, and the save's
// field errors keyed by JSON pointer without the leading "#/" ("fields/2/name", "styles/buttonColor").
import type { ChangeEvent } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import type { FormDraft } from "../model/form-draft";
import type { PointerErrors } from "../model/form-errors";

export type { PointerErrors };
export type WorkspaceLists = { customFields: CustomField[]; tags: Tag[]; segments: Segment[] };

export type PanelProps = {
  draft: FormDraft;
  change: (patch: Partial<FormDraft>) => void;
  errors: PointerErrors;
  lists: WorkspaceLists;
};

/** The keys of `T` that hold text (or nothing). */
type TextKey<T> = { [K in keyof T]-?: T[K] extends string | null | undefined ? K : never }[keyof T] & string;

/**
 * Binds text inputs to the string keys of one object: `bind("heading")` gives an input's value ("" for nothing), its
 * onChange (a patch of that key) and the save's error at that key, ready to spread into a TextField/TextAreaField.
 */
export function textBinder<T extends object>(
  values: T,
  set: (patch: Partial<T>) => void,
  errorAt: (key: TextKey<T>) => string | undefined,
) {
  return (key: TextKey<T>) => ({
    value: (values[key] as string | null | undefined) ?? "",
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [key]: e.target.value } as Partial<T>),
    error: errorAt(key),
  });
}
