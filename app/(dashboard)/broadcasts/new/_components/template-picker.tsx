"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { TemplateSummary, TemplateSource } from "@/lib/schemas/templates";
import { templatePreviewPath } from "@/lib/schemas/template-constants";
import type { BuiltInTemplate } from "@/lib/templates/built-in";
import { errorMessage } from "@/lib/action-result";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { MailIcon, PencilIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { RenameTemplateDialog } from "./rename-template-dialog";
import { TemplateCard } from "./template-card";
import { TemplateThumbnail } from "./template-thumbnail";
import { useCreateFromTemplate, useDeleteTemplate, useSavedTemplates } from "./use-templates";

type BuiltInSummary = Pick<BuiltInTemplate, "id" | "name" | "description" | "theme">;
type Props = { workspaceId: string; builtIns: BuiltInSummary[]; saved: TemplateSummary[] };

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
const savedDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** Blank, the built-in designs and the workspace's saved templates; picking one creates a draft and opens it. */
export function TemplatePicker({ workspaceId, builtIns, saved: initialSaved }: Props) {
  const router = useRouter();
  const toast = useToast();
  const saved = useSavedTemplates(workspaceId, initialSaved).data;
  const create = useCreateFromTemplate(workspaceId);
  const remove = useDeleteTemplate(workspaceId);
  const [picked, setPicked] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<TemplateSummary | null>(null);
  const [deleting, setDeleting] = useState<TemplateSummary | null>(null);

  const use = (key: string, source: TemplateSource) => {
    setPicked(key);
    create.mutate(source, {
      // Stays pending until the editor replaces this page, so no second click can make a second draft.
      onSuccess: (broadcast) => router.push(`/broadcasts/${broadcast.id}/edit`),
      // A toast, not a notice at the top: the card clicked may be far down the page.
      onError: (error) => {
        setPicked(null);
        toast.error(errorMessage(error));
      },
    });
  };
  const busy = create.isPending || create.isSuccess;
  const cardState = (key: string) => ({ pending: busy && picked === key, disabled: busy && picked !== key });

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(`Template “${name}” deleted.`);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <BackLink href="/broadcasts">Broadcasts</BackLink>
      <PageHeader
        title="New broadcast"
        description="Pick a starting point. Everything in it can be changed in the editor; it is saved as a draft."
      />

      <section aria-labelledby="start-heading">
        <h2 id="start-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Start from
        </h2>
        <ul className={GRID}>
          <TemplateCard
            name="Blank email"
            useLabel="Start blank"
            description="An empty email with your default sender. Add blocks from the palette."
            picture={<BlankPicture />}
            onUse={() => use("blank", { kind: "blank" })}
            {...cardState("blank")}
          />
          {builtIns.map((t) => (
            <TemplateCard
              key={t.id}
              name={t.name}
              description={t.description}
              picture={<TemplateThumbnail src={templatePreviewPath({ kind: "builtIn", id: t.id })} theme={t.theme} />}
              onUse={() => use(t.id, { kind: "builtIn", id: t.id })}
              {...cardState(t.id)}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="saved-heading" className="mt-10">
        <h2 id="saved-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Your templates
        </h2>
        {saved.length === 0 ? (
          <Card>
            <EmptyState
              icon={<MailIcon className="size-5" />}
              title="No saved templates yet"
              description="In the editor, “Save as template” keeps a design (content, theme and footer) to start your next broadcasts from."
            />
          </Card>
        ) : (
          <ul className={GRID}>
            {saved.map((t) => (
              <TemplateCard
                key={t.id}
                name={t.name}
                description={`Saved ${savedDate.format(new Date(t.createdAt))}${t.subject ? ` · “${t.subject}”` : ""}`}
                picture={
                  <TemplateThumbnail src={templatePreviewPath({ kind: "saved", templateId: t.id })} theme={t.theme} />
                }
                onUse={() => use(t.id, { kind: "saved", templateId: t.id })}
                {...cardState(t.id)}
                actions={
                  <>
                    <Button variant="ghost" size="sm" onClick={() => setRenaming(t)} aria-label={`Rename ${t.name}`}>
                      <PencilIcon className="size-4" />
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(t)} aria-label={`Delete ${t.name}`}>
                      <TrashIcon className="size-4" />
                    </Button>
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>

      <RenameTemplateDialog workspaceId={workspaceId} template={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={confirmDelete}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description="The template leaves this page for everyone in the workspace. Broadcasts made from it keep their content."
        confirmLabel="Delete template"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
    </>
  );
}

function BlankPicture() {
  return (
    <div className="flex aspect-[4/5] items-center justify-center bg-slate-50 p-6">
      <div
        aria-hidden
        className="flex size-full flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed border-slate-300 text-slate-500"
      >
        <PlusIcon className="size-6" />
        <span className="text-[13px]">Start from scratch</span>
      </div>
    </div>
  );
}
