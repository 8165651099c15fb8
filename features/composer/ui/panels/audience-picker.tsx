"use client";
// Who the broadcast goes to: every subscribed contact, segments (any of them, minus exclusions) or tags (any of
// them), with a live count of recipients. Choices are remembered while switching types, but only the active
// type's lists are saved, in the shape the update schema takes for it.
import { useId, useState } from "react";
import clsx from "clsx";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import type { DraftPanelProps } from "@/lib/composer/draft";
import { useSegmentOptions, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import { FieldError } from "@/components/ui/field";
import { CloseIcon, UsersIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import {
  EMPTY_CHOICE,
  errorsById,
  filterFor,
  missingChoice,
  recipientsText,
  remember,
  toggleId,
  type AudienceChoice,
  type AudienceType,
  type IdListKey,
} from "../../model/audience-choice";
import { useAudienceCount } from "./use-audience-count";

export const AUDIENCE_INPUT_ID = "composer-audience";

type Props = DraftPanelProps & {
  initialSegments: Segment[];
  initialTags: Tag[];
  /** The broadcast being edited: a resend-to-unopened draft counts only its source's non-openers. */
  broadcastId?: string;
};

const TYPES: { value: AudienceType; label: string; description: string }[] = [
  { value: "all", label: "All subscribed contacts", description: "Everyone who is subscribed now" },
  { value: "segments", label: "Segments", description: "Contacts in any of the chosen segments" },
  { value: "tags", label: "Tags", description: "Contacts with any of the chosen tags" },
];

export function AudiencePicker(props: Props) {
  const { draft, onChange, errors, workspaceId, initialSegments, initialTags, broadcastId } = props;
  const segments = useSegmentOptions(workspaceId, initialSegments);
  const tags = useTagOptions(workspaceId, initialTags);
  const type = draft.audienceType;
  const typeIds = useId();
  // The lists of the other types, as last chosen; the draft (edits, undo) is the truth for the active type's.
  const [memory, setMemory] = useState<AudienceChoice>(EMPTY_CHOICE);
  const choice = remember(memory, type, draft.audienceFilter);

  const missing = missingChoice(type, choice);
  const live = useAudienceCount(
    workspaceId,
    { audienceType: type, audienceFilter: filterFor(type, choice), ...(broadcastId ? { broadcastId } : {}) },
    missing,
  );
  // The live count's messages are the freshest; the last save's fill in for what it has not checked.
  const allErrors = { ...errors, ...live.errors };

  const choose = (nextType: AudienceType, next: AudienceChoice) => {
    setMemory(next);
    onChange({ audienceType: nextType, audienceFilter: filterFor(nextType, next) });
  };
  const toggle = (key: IdListKey, id: string) => choose(type, toggleId(choice, key, id));
  // One list of the choice: the ids chosen in it, their errors and their toggle all follow from its key.
  const checklist = (key: IdListKey, props: Omit<ChecklistProps, "chosen" | "errors" | "onToggle">) => (
    <IdChecklist
      {...props}
      chosen={choice[key]}
      errors={errorsById(allErrors, key, choice[key])}
      onToggle={(id) => toggle(key, id)}
    />
  );
  const segmentOptions = segments.map((s) => ({ id: s.id, label: s.name, count: s.contactCount }));

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Who receives it</legend>
        <div className="mt-2 space-y-1.5">
          {TYPES.map((t, i) => (
            <label
              key={t.value}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50/60"
            >
              <input
                id={i === 0 ? AUDIENCE_INPUT_ID : undefined}
                type="radio"
                name="composer-audience-type"
                value={t.value}
                checked={type === t.value}
                onChange={() => choose(t.value, choice)}
                // The name is the type alone; the description is read after it.
                aria-labelledby={`${typeIds}-${t.value}`}
                aria-describedby={`${typeIds}-${t.value}-description`}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                <span id={`${typeIds}-${t.value}`} className="block text-sm font-medium text-slate-800">
                  {t.label}
                </span>
                <span id={`${typeIds}-${t.value}-description`} className="block text-[13px] text-slate-600">
                  {t.description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {type === "segments" && (
        <>
          {checklist("segmentIds", {
            legend: "Send to contacts in any of",
            empty: "No segments yet. Build one on the Segments page.",
            kind: "segment",
            options: segmentOptions,
          })}
          {checklist("excludeSegmentIds", {
            legend: "Leave out contacts in (optional)",
            empty: "",
            kind: "segment",
            options: segmentOptions,
            tone: "exclude",
          })}
        </>
      )}
      {type === "tags" &&
        checklist("tagIds", {
          legend: "Send to contacts with any of",
          empty: "No tags yet. Create them on the Tags page.",
          kind: "tag",
          options: tags.map((t) => ({ id: t.id, label: t.name, count: t.count })),
        })}
      {/* A message of the last save about the audience as a whole (a wrong type, an empty list). */}
      <FieldError>{!missing && !live.message ? listError(errors) : undefined}</FieldError>

      <RecipientCount count={live.count} message={live.message} updating={live.updating} />
      <p className="text-[13px] text-slate-500">
        Only subscribed contacts receive it, each of them once. Unsubscribed, bounced and unconfirmed contacts are
        always left out.
      </p>
    </div>
  );
}

/** Save errors at the filter itself or its lists, not those about single ids (shown beside each id). */
function listError(errors: Record<string, string>): string | undefined {
  const pointer = Object.keys(errors).find(
    (p) => p === "#/audienceType" || (p.startsWith("#/audienceFilter") && !/\/\d+$/.test(p)),
  );
  return pointer ? errors[pointer] : undefined;
}

function RecipientCount({
  count,
  message,
  updating,
}: {
  count: number | null;
  message: string | null;
  updating: boolean;
}) {
  return (
    <div className="flex items-center gap-2.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <UsersIcon className="size-5 shrink-0 text-slate-500" aria-hidden />
      {/* Only the settled result is announced; "counting" flickers on every pause in typing. */}
      <p aria-live="polite" className={clsx("text-sm", message ? "text-amber-800" : "text-slate-800")}>
        {message ? (
          message
        ) : count === null ? (
          "Counting recipients…"
        ) : (
          <>
            <span className="font-semibold">{recipientsText(count)}</span> right now
          </>
        )}
      </p>
      {updating && (
        <span className="ml-auto" aria-hidden>
          <Spinner />
        </span>
      )}
    </div>
  );
}

type Option = { id: string; label: string; count: number };
type ChecklistProps = {
  legend: string;
  empty: string;
  kind: "segment" | "tag";
  options: Option[];
  chosen: string[];
  errors: Map<string, string>;
  onToggle: (id: string) => void;
  tone?: "include" | "exclude";
};

/** Options as checkable chips; chosen ids that are no longer options (deleted since) stay visible to remove. */
function IdChecklist({ legend, empty, kind, options, chosen, errors, onToggle, tone = "include" }: ChecklistProps) {
  const known = new Set(options.map((o) => o.id));
  const gone = chosen.filter((id) => !known.has(id));
  if (options.length === 0 && gone.length === 0 && !empty) return null;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 && empty && <p className="mt-1.5 text-[13px] text-slate-500">{empty}</p>}
      <div className="mt-2 flex max-h-56 flex-wrap gap-1.5 overflow-y-auto p-0.5">
        {options.map((o) => {
          const checked = chosen.includes(o.id);
          const error = errors.get(o.id);
          return (
            <label
              key={o.id}
              className={clsx(
                "inline-flex cursor-pointer items-center gap-1.5 rounded-full border py-1 pr-2.5 pl-2 text-xs",
                "focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50",
                error
                  ? "border-red-300 bg-red-50 text-red-800"
                  : tone === "exclude"
                    ? "border-slate-200 text-slate-700 has-checked:border-amber-300 has-checked:bg-amber-50"
                    : "border-slate-200 text-slate-700 has-checked:border-brand-300 has-checked:bg-brand-50",
              )}
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onToggle(o.id)}
                className={clsx("size-3.5", tone === "exclude" ? "accent-amber-600" : "accent-brand-600")}
                aria-invalid={error ? true : undefined}
              />
              {o.label}
              <span className="text-slate-500">{o.count.toLocaleString("en")}</span>
            </label>
          );
        })}
        {gone.map((id) => (
          <span
            key={id}
            className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 py-1 pr-1 pl-2.5 text-xs text-red-800"
          >
            Deleted {kind}
            <button
              type="button"
              onClick={() => onToggle(id)}
              className="rounded-full p-0.5 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
              aria-label={`Remove the deleted ${kind}`}
            >
              <CloseIcon className="size-3.5" />
            </button>
          </span>
        ))}
      </div>
      {[...errors.values()].slice(0, 1).map((message) => (
        <FieldError key={message}>{message}</FieldError>
      ))}
    </fieldset>
  );
}
