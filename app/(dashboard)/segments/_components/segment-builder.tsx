"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { forbiddenMessage } from "@/lib/permissions";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { pointerErrorsUnder, PointerActionError } from "@/lib/pointer-errors";
import { useCustomFields, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import { UsersIcon } from "@/components/ui/icons";
import { subjectsOf } from "../_lib/rule-catalog";
import { errorsByCondition, fromRules, toRules, type RulesDraft } from "../_lib/rule-draft";
import { countableDraft, draftProblems } from "../_lib/leaf-problem";
import type { ActivityTargets } from "../_lib/load-activity-targets";
import { LiveCount } from "./live-count";
import { RuleEditor } from "./rule-editor";
import { useLiveCount } from "./use-live-count";
import { useCreateSegment, useDeleteSegment, useUpdateSegment } from "./use-segment-mutations";
import { useCan } from "@/components/permissions/role-context";

type BuilderProps = {
  workspaceId: string;
  segment: Segment | null;
  tags: Tag[];
  fields: CustomField[];
  targets: ActivityTargets;
};

export function SegmentBuilder({ workspaceId, segment, targets, ...lists }: BuilderProps) {
  const canWrite = useCan("audience.write");
  const router = useRouter();
  const toast = useToast();
  const tags = useTagOptions(workspaceId, lists.tags);
  const fields = useCustomFields(workspaceId, lists.fields);
  const subjects = useMemo(() => subjectsOf(fields), [fields]);
  const [name, setName] = useState(segment?.name ?? "");
  const [description, setDescription] = useState(segment?.description ?? "");
  const [draft, setDraft] = useState<RulesDraft>(() =>
    segment ? fromRules(segment.rules) : { match: "all", conditions: [] },
  );
  const [confirming, setConfirming] = useState(false);
  const create = useCreateSegment(workspaceId);
  const update = useUpdateSegment(workspaceId);
  const remove = useDeleteSegment(workspaceId);
  const save = segment ? update : create;
  const rules = useMemo(() => toRules(draft, subjects), [draft, subjects]);
  // Unfinished conditions are the builder's to point out, not the server's: the count leaves them out.
  const { problems, keyAt } = useMemo(() => draftProblems(draft, subjects), [draft, subjects]);
  const countable = useMemo(() => countableDraft(draft, problems), [draft, problems]);
  const countRules = useMemo(() => toRules(countable.draft, subjects), [countable, subjects]);
  const live = useLiveCount(workspaceId, countRules);
  // A condition's problems show once the person has left it or tried to save, never on a row just added.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [triedSave, setTriedSave] = useState(false);
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  const saveErrors = save.error instanceof PointerActionError ? save.error.pointers : [];
  const liveErrors = Object.fromEntries(
    Object.entries(live.errors).map(([at, detail]) => [at === "" ? "" : (countable.origin[at] ?? at), detail]),
  );
  const shown = (at: string) => {
    if (triedSave || touched.has(keyAt[at] ?? "")) return true;
    const c = draft.conditions[Number(at)];
    return !at.includes(".") && c?.type === "group" && c.conditions.some((l) => touched.has(l.key));
  };
  // The server's messages are about what the person finished (a date that does not exist): always shown.
  const conditionErrors = {
    ...liveErrors,
    ...Object.fromEntries(Object.entries(problems).filter(([at]) => shown(at))),
    ...errorsByCondition(saveErrors),
  };
  const nameError = pointerErrorsUnder(save.error, "#/").name ?? pointerErrorsUnder(save.error, "#/changes/").name;
  const descriptionError =
    pointerErrorsUnder(save.error, "#/").description ?? pointerErrorsUnder(save.error, "#/changes/").description;
  const changeDraft = (next: RulesDraft) => (save.reset(), setDraft(next));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedSave(true);
    // The same sentences the server would answer, at once and at the row.
    if (Object.keys(problems).length > 0) return;
    const input = { name, description: description.trim() || null, rules };
    if (!segment) {
      create.mutate(input, {
        onSuccess: (created) => (
          toast.success(`Segment “${created.name}” created.`),
          router.replace(`/segments/${created.id}`)
        ),
      });
    } else {
      update.mutate({ id: segment.id, changes: input }, { onSuccess: () => toast.success("Segment saved.") });
    }
  };
  const confirmDelete = () =>
    segment &&
    remove.mutate(
      { id: segment.id },
      {
        onSuccess: () => (toast.success(`Segment “${segment.name}” deleted.`), router.push("/segments")),
        onError: (e) => (setConfirming(false), toast.error(errorMessage(e))),
      },
    );

  const placed = nameError || descriptionError || Object.keys(errorsByCondition(saveErrors)).length > 0;
  return (
    <form onSubmit={submit} noValidate>
      <PageHeader
        title={segment ? segment.name : "New segment"}
        description="Contacts who match the conditions, counted live: never a stale list."
        actions={
          segment && (
            <Link href={`/contacts?segmentId=${segment.id}`} className={buttonClasses("secondary")}>
              <UsersIcon />
              View contacts
            </Link>
          )
        }
      />
      {!canWrite && (
        <Notice tone="info" className="mb-4">
          You can read this segment. {forbiddenMessage("audience.write")}
        </Notice>
      )}
      {/* Read-only for roles that cannot change the audience: a disabled fieldset disables every input at once. */}
      <fieldset disabled={!canWrite} className="min-w-0 space-y-6">
        <Card>
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              required
              error={nameError}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
              hint="Optional. Who this segment is for."
              error={descriptionError}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Conditions"
            description="Contact fields, custom fields, tags and email or form activity."
          />
          <CardBody>
            {conditionErrors[""] && (
              <Notice tone="error" className="mb-3">
                {conditionErrors[""]}
              </Notice>
            )}
            <RuleEditor
              draft={draft}
              subjects={subjects}
              tags={tags}
              targets={targets}
              errors={conditionErrors}
              onChange={changeDraft}
              onTouched={touch}
            />
          </CardBody>
        </Card>
        {save.isError && !placed && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      </fieldset>
      {/* Sticky, so the count and Save stay in view however long the rules grow. */}
      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-10 lg:px-10">
        <LiveCount
          count={live.count}
          updating={live.updating}
          message={live.message}
          empty={draft.conditions.length === 0}
          unfinished={countable.left}
          nothingToCount={draft.conditions.length > 0 && countable.draft.conditions.length === 0}
        />
        {canWrite && (
          <div className="flex gap-2">
            {segment ? (
              <Button
                variant="secondary"
                className="text-red-600 hover:text-red-700"
                onClick={() => setConfirming(true)}
              >
                Delete segment
              </Button>
            ) : (
              <Link href="/segments" className={buttonClasses("secondary")}>
                Cancel
              </Link>
            )}
            <Button type="submit" loading={save.isPending}>
              Save segment
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title={`Delete the segment “${segment?.name}”?`}
        description="Only the rules go: no contact is changed or removed. This cannot be undone."
        confirmLabel="Delete segment"
      />
    </form>
  );
}
