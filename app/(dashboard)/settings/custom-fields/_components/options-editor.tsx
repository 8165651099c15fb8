"use client";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { CloseIcon, PlusIcon } from "@/components/ui/icons";

type OptionsEditorProps = { options: string[]; onChange: (options: string[]) => void; error?: string };

/** The choices of a select field, one input each; Enter in the last one adds the next, as in a list editor. */
export function OptionsEditor({ options, onChange, error }: OptionsEditorProps) {
  const list = useRef<HTMLUListElement>(null);
  const add = () => {
    onChange([...options, ""]);
    // Focus the new input once React has rendered it.
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Options</legend>
      <ul ref={list} className="mt-2 space-y-2">
        {options.map((option, i) => (
          <li key={i} className="flex items-center gap-2">
            <Input
              value={option}
              aria-label={`Option ${i + 1}`}
              maxLength={100}
              onChange={(e) => onChange(options.map((o, j) => (j === i ? e.target.value : o)))}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  if (i === options.length - 1 && option.trim()) add();
                }
              }}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove option ${i + 1}`}
              onClick={() => onChange(options.filter((_, j) => j !== i))}
              disabled={options.length <= 1}
            >
              <CloseIcon className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" size="sm" className="mt-2" onClick={add}>
        <PlusIcon className="size-3.5" />
        Add option
      </Button>
      {error && <p className="mt-1.5 text-[13px] text-red-600">{error}</p>}
    </fieldset>
  );
}
