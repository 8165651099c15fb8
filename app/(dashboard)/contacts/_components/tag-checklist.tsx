"use client";
import type { Tag } from "@/lib/schemas/tags";

type TagChecklistProps = {
  tags: Tag[];
  value: string[];
  onChange: (ids: string[]) => void;
  legend?: string;
  /** What an empty list says (a picker that can create tags, or filters them, says something else). */
  empty?: string;
};

/** Several tags at once, as checkboxes: plain keyboard behaviour, no custom listbox to get wrong. */
export function TagChecklist({ tags, value, onChange, legend = "Tags", empty }: TagChecklistProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {tags.length === 0 ? (
        <p className="mt-1.5 text-[13px] text-slate-500">{empty ?? "No tags yet. Create them on the Tags page."}</p>
      ) : (
        <div className="mt-2 flex max-h-36 flex-wrap gap-1.5 overflow-y-auto">
          {tags.map((tag) => {
            const checked = value.includes(tag.id);
            return (
              <label
                key={tag.id}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 py-1 pr-2.5 pl-2 text-xs text-slate-700 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((id) => id !== tag.id) : [...value, tag.id])}
                  className="size-3.5 accent-brand-600"
                />
                <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
                {tag.name}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
