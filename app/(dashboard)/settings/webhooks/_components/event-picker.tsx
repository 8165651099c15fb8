"use client";
import { useEffect, useId, useRef } from "react";
import { webhookEventCatalog, webhookEventTypes, type WebhookEventType } from "@/lib/schemas/webhook-events";

const groupLabels: Record<string, string> = {
  contact: "Contacts",
  form: "Forms",
  broadcast: "Broadcasts",
  email: "Emails",
};

/** The catalog grouped by prefix ("contact.created" → contact), in catalog order; a new prefix gets its own group. */
const groups: { prefix: string; label: string; types: WebhookEventType[] }[] = [];
for (const type of webhookEventTypes) {
  const prefix = type.split(".")[0] ?? type;
  let group = groups.find((g) => g.prefix === prefix);
  if (!group) {
    group = { prefix, label: groupLabels[prefix] ?? prefix, types: [] };
    groups.push(group);
  }
  group.types.push(type);
}

type EventPickerProps = {
  value: readonly string[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string;
};

export function EventPicker({ value, onChange, error }: EventPickerProps) {
  const errorId = useId();
  const selected = new Set(value);
  const set = (types: string[], on: boolean) => {
    const next = new Set(selected);
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
    }
    // Catalog order, so the saved list reads the same however it was clicked together.
    onChange(webhookEventTypes.filter((t) => next.has(t)));
  };
  const all = selected.size === webhookEventTypes.length;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="relative">
      {/* First child of the fieldset, or it would not name the group. */}
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <button
        type="button"
        onClick={() => set([...webhookEventTypes], !all)}
        className="absolute top-0 right-0 rounded text-[13px] font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {all ? "Clear all" : "Select all events"}
      </button>
      <p className="mt-0.5 text-[13px] text-slate-500">
        {selected.size === 0 ? "Nothing selected yet." : `${selected.size} of ${webhookEventTypes.length} selected.`}
      </p>
      <div
        className={`mt-2 max-h-72 space-y-3 overflow-y-auto rounded-lg border p-3 ${error ? "border-red-400" : "border-slate-200"}`}
      >
        {groups.map((group) => (
          <EventGroup key={group.prefix} {...group} selected={selected} onSet={set} />
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-[13px] text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function EventGroup({
  prefix,
  label,
  types,
  selected,
  onSet,
}: {
  prefix: string;
  label: string;
  types: WebhookEventType[];
  selected: Set<string>;
  onSet: (types: string[], on: boolean) => void;
}) {
  const count = types.filter((t) => selected.has(t)).length;
  const groupRef = useRef<HTMLInputElement>(null);
  // "Some selected" has no HTML attribute: it is a DOM property only.
  useEffect(() => {
    if (groupRef.current) groupRef.current.indeterminate = count > 0 && count < types.length;
  }, [count, types.length]);
  return (
    <div role="group" aria-label={label}>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-900">
        <input
          ref={groupRef}
          type="checkbox"
          checked={count === types.length}
          onChange={(e) => onSet(types, e.target.checked)}
          aria-label={`All ${prefix} events`}
          className="size-4 accent-brand-600"
        />
        {label}
        <span className="text-xs font-normal text-slate-400 tabular-nums">
          {count}/{types.length}
        </span>
      </label>
      <ul className="mt-1.5 space-y-1 border-l border-slate-100 pl-6">
        {types.map((type) => (
          <li key={type}>
            <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-1.5 py-1 hover:bg-slate-50">
              <input
                type="checkbox"
                checked={selected.has(type)}
                onChange={(e) => onSet([type], e.target.checked)}
                aria-label={type}
                aria-describedby={`event-${type}-summary`}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="min-w-0 text-sm">
                <code className="font-mono text-[13px] text-slate-900">{type}</code>
                <span id={`event-${type}-summary`} className="block text-[13px] text-slate-500">
                  {webhookEventCatalog[type].summary}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
