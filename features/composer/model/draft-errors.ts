// The pointers of a refused save, split for the composer: per block (by id, relative to the block, so a message
// follows its block to the settings panel and the canvas) and per draft field ("#/subject").
import type { Block } from "@/lib/schemas/blocks";
import type { ActionFieldError } from "@/lib/action-result";

export type DraftErrors = {
  byBlock: Record<string, Record<string, string>>;
  fields: Record<string, string>;
};

export const NO_ERRORS: DraftErrors = { byBlock: {}, fields: {} };

export function splitDraftErrors(blocks: Block[], errors: ActionFieldError[]): DraftErrors {
  if (errors.length === 0) return NO_ERRORS;
  const out: DraftErrors = { byBlock: {}, fields: {} };
  for (const { pointer, detail } of errors) {
    // The save action wraps the draft ({ id, expectedUpdatedAt, draft }); services point at the draft's own fields.
    const p = pointer.replace(/^#\/draft(?=\/|$)/, "#");
    const nested = /^#\/blocks\/(\d+)\/columns\/(\d+)\/blocks\/(\d+)(\/.*)?$/.exec(p);
    const top = /^#\/blocks\/(\d+)(\/.*)?$/.exec(p);
    let id: string | undefined;
    let rest = "";
    if (nested) {
      const parent = blocks[Number(nested[1])];
      id = parent?.type === "columns" ? parent.columns[Number(nested[2])]?.blocks[Number(nested[3])]?.id : undefined;
      rest = nested[4] ?? "";
    } else if (top) {
      id = blocks[Number(top[1])]?.id;
      rest = top[2] ?? "";
    }
    if (id) (out.byBlock[id] ??= {})[`#${rest}`] ??= detail;
    else out.fields[p] ??= detail;
  }
  return out;
}
