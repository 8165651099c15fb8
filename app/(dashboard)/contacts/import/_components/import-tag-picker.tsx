"use client";
// The tags an import applies to every contact: the workspace's tags to tick, and new ones named on the spot
// ("Create tag “Autumn fair”"). New tags are created when the import starts, in the same transaction (found ignoring
// case, like "Add tag" in bulk), so a wizard left half-way never leaves empty tags behind.
import { useId, useState } from "react";
import type { Tag } from "@/lib/schemas/tags";
import { TAG_NAME_MAX } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { FieldError, FieldHint, Input } from "@/components/ui/field";
import { CloseIcon, PlusIcon } from "@/components/ui/icons";
import { TagChecklist } from "../../_components/tag-checklist";

type Props = {
  tags: Tag[];
  tagIds: string[];
  onTagIdsChange: (ids: string[]) => void;
  newTagNames: string[];
  onNewTagNamesChange: (names: string[]) => void;
  /** The server's word on the new names (e.g. at #/newTagNames/0). */
  error?: string;
};

/** How the server matches tag names (Tag.nameKey): ignoring case and surrounding spaces. */
const keyOf = (name: string) => name.trim().toLowerCase();

export function ImportTagPicker({ tags, tagIds, onTagIdsChange, newTagNames, onNewTagNamesChange, error }: Props) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const name = query.trim();
  const key = keyOf(name);
  const existing = key ? tags.find((t) => keyOf(t.name) === key) : undefined;
  const named = key ? newTagNames.find((n) => keyOf(n) === key) : undefined;
  const tooLong = name.length > TAG_NAME_MAX;
  const shown = key ? tags.filter((t) => t.name.toLowerCase().includes(key)) : tags;

  /** Enter or the button: tick the tag of that name, or name a new one. */
  const choose = () => {
    if (!name || tooLong) return;
    if (existing) {
      if (!tagIds.includes(existing.id)) onTagIdsChange([...tagIds, existing.id]);
    } else if (!named) onNewTagNamesChange([...newTagNames, name]);
    setQuery("");
  };

  return (
    <div className="min-w-0 space-y-2">
      <TagChecklist
        tags={shown}
        value={tagIds}
        onChange={onTagIdsChange}
        legend="Tags to apply to imported contacts"
        empty={tags.length ? `No tag matches “${name}”.` : "No tags yet: name one below to create it."}
      />
      {newTagNames.length > 0 && (
        <ul aria-label="New tags" className="flex flex-wrap gap-1.5">
          {newTagNames.map((n) => (
            <li
              key={n}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-300 bg-brand-50 py-1 pr-1 pl-2.5 text-xs text-slate-700"
            >
              <span className="truncate" title={n}>
                {n}
              </span>
              <span className="text-slate-600">(new)</span>
              <button
                type="button"
                aria-label={`Don't create ${n}`}
                onClick={() => onNewTagNamesChange(newTagNames.filter((x) => x !== n))}
                className="rounded-full p-0.5 text-slate-500 hover:bg-brand-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor={inputId} className="sr-only">
          Find or create a tag
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={inputId}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault(); // Enter picks the tag; it never submits the wizard
              choose();
            }}
            placeholder="Find or create a tag"
            autoComplete="off"
            aria-invalid={tooLong || error ? true : undefined}
            aria-describedby={`${inputId}-hint`}
            className="min-w-0 flex-1 basis-48"
          />
          {name && !tooLong && !existing && !named && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="h-9 max-w-full min-w-0 overflow-hidden"
              onClick={choose}
              title={`Create tag “${name}”`}
            >
              <PlusIcon className="size-4 shrink-0" />
              <span className="min-w-0 truncate">Create tag “{name}”</span>
            </Button>
          )}
        </div>
        {tooLong ? (
          <FieldError id={`${inputId}-hint`}>
            At most {TAG_NAME_MAX} characters ({name.length}/{TAG_NAME_MAX}).
          </FieldError>
        ) : error ? (
          <FieldError id={`${inputId}-hint`}>{error}</FieldError>
        ) : (
          <FieldHint id={`${inputId}-hint`}>
            {existing
              ? `Press Enter to tick “${existing.name}”.`
              : "New tags are created when the import starts; a name that exists (in any case) is used instead."}
          </FieldHint>
        )}
      </div>
    </div>
  );
}
