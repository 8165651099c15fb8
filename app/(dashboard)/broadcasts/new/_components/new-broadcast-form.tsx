"use client";
import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorsOf } from "@/lib/action-result";
import { useCreateBroadcast } from "../../_components/use-broadcast-mutations";

type Audience = "all" | "segments" | "tags";
type Props = {
  workspaceId: string;
  defaults: { fromName: string; fromEmail: string };
  segments: Segment[];
  tags: Tag[];
};

/**
 * The smallest form that makes a sendable broadcast: a sender, a subject, an audience and one text block. The
 * composer (its own issue) replaces it with the block editor.
 */
export function NewBroadcastForm({ workspaceId, defaults, segments, tags }: Props) {
  const router = useRouter();
  const toast = useToast();
  const ids = { body: useId() };
  const create = useCreateBroadcast(workspaceId);
  const [name, setName] = useState("");
  const [subject, setSubject] = useState("");
  const [fromName, setFromName] = useState(defaults.fromName);
  const [fromEmail, setFromEmail] = useState(defaults.fromEmail);
  const [audience, setAudience] = useState<Audience>("all");
  const [segmentIds, setSegmentIds] = useState<string[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [body, setBody] = useState("Hi {{firstName|there}},\n\n");
  const errors = fieldErrorsOf(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name,
        subject: subject || null,
        fromName: fromName || null,
        fromEmail: fromEmail.trim() || null,
        audienceType: audience,
        audienceFilter: audience === "segments" ? { segmentIds } : audience === "tags" ? { tagIds } : {},
        blocks: body.trim() ? [{ type: "text", text: body.trim() }] : [],
      },
      {
        onSuccess: (broadcast) => {
          toast.success(`Draft “${broadcast.name}” created.`);
          router.push(`/broadcasts/${broadcast.id}`);
        },
      },
    );
  };

  const placed = ["name", "subject", "fromName", "fromEmail", "audienceFilter", "audienceType", "blocks"];
  return (
    <>
      <BackLink href="/broadcasts">Broadcasts</BackLink>
      <PageHeader title="New broadcast" description="Saved as a draft: you can preview it and send a test first." />
      <form onSubmit={submit} noValidate className="space-y-6">
        {create.isError && !placed.some((f) => errors[f]) && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <Card>
          <CardHeader title="Email" />
          <CardBody className="space-y-4">
            <TextField
              label="Name"
              hint="For you only; recipients never see it."
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              required
              autoComplete="off"
              placeholder="November newsletter"
              data-autofocus
              error={errors.name}
            />
            <TextField
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={500}
              autoComplete="off"
              placeholder="What's new in November"
              error={errors.subject}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="From name"
                value={fromName}
                onChange={(e) => setFromName(e.target.value)}
                maxLength={200}
                autoComplete="off"
                error={errors.fromName}
              />
              <TextField
                label="From email"
                type="email"
                value={fromEmail}
                onChange={(e) => setFromEmail(e.target.value)}
                autoComplete="off"
                placeholder="news@example.com"
                error={errors.fromEmail}
              />
            </div>
            <div>
              <Label htmlFor={ids.body}>Message</Label>
              <textarea
                id={ids.body}
                rows={8}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={errors.blocks ? true : undefined}
                aria-describedby={`${ids.body}-note`}
                className={clsx(controlClasses, "mt-1.5 w-full py-2 font-mono text-[13px]")}
              />
              <FieldError id={errors.blocks ? `${ids.body}-note` : undefined}>{errors.blocks}</FieldError>
              {!errors.blocks && (
                <FieldHint id={`${ids.body}-note`}>
                  **bold**, *italic*, [link text](https://example.com), and merge tags such as {"{{firstName|there}}"}.
                  The footer with the unsubscribe link and your postal address is added for you.
                </FieldHint>
              )}
            </div>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Audience" description="Only subscribed contacts receive it, each of them once." />
          <CardBody className="space-y-4">
            <fieldset>
              <legend className="sr-only">Who receives it</legend>
              <div className="flex flex-wrap gap-4">
                {(
                  [
                    ["all", "All subscribed contacts"],
                    ["segments", "Segments"],
                    ["tags", "Tags"],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="audience"
                      value={value}
                      checked={audience === value}
                      onChange={() => setAudience(value)}
                      className="size-4 accent-brand-600"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {audience === "segments" && (
              <Checklist
                legend="Segments"
                empty="No segments yet. Build one on the Segments page."
                options={segments.map((s) => ({ id: s.id, label: s.name }))}
                value={segmentIds}
                onChange={setSegmentIds}
              />
            )}
            {audience === "tags" && (
              <Checklist
                legend="Tags (contacts with any of them)"
                empty="No tags yet. Create them on the Tags page."
                options={tags.map((t) => ({ id: t.id, label: t.name }))}
                value={tagIds}
                onChange={setTagIds}
              />
            )}
            <FieldError>{errors.audienceFilter ?? errors.audienceType}</FieldError>
          </CardBody>
        </Card>

        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => router.push("/broadcasts")}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create draft
          </Button>
        </div>
      </form>
    </>
  );
}

type ChecklistProps = {
  legend: string;
  empty: string;
  options: { id: string; label: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
};

function Checklist({ legend, empty, options, value, onChange }: ChecklistProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="mt-1.5 text-[13px] text-slate-500">{empty}</p>
      ) : (
        <div className="mt-2 flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
          {options.map((o) => {
            const checked = value.includes(o.id);
            return (
              <label
                key={o.id}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 py-1 pr-2.5 pl-2 text-xs text-slate-700 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => onChange(checked ? value.filter((id) => id !== o.id) : [...value, o.id])}
                  className="size-3.5 accent-brand-600"
                />
                {o.label}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
