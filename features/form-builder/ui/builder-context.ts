// What every builder panel gets: the draft and a way to change it, the workspace's pickable lists, and the save's
// field errors keyed by JSON pointer without the leading "#/" ("fields/2/name", "styles/buttonColor").
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
