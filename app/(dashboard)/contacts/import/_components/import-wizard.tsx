"use client";
import { useCallback, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Import, ImportPreview, StartImport } from "@/lib/schemas/imports";
import type { Tag } from "@/lib/schemas/tags";
import { Card, CardBody } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { queryKeys } from "@/lib/query-keys";
import { useCustomFields, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import { startImport } from "../_lib/import-api";
import { ImportRun } from "./import-run";
import { MappingStep } from "./mapping-step";
import { UploadStep } from "./upload-step";

/** Where a wizard opened on an existing import (?id=…, after a reload) starts. */
export type WizardStart = { kind: "upload" } | { kind: "map"; preview: ImportPreview } | { kind: "run"; run: Import };

type WizardProps = { workspaceId: string; start: WizardStart; tags: Tag[]; fields: CustomField[] };

const STEPS = ["Upload", "Map columns", "Import", "Summary"];

/** The import's id goes into the URL, so a reload (or coming back later) returns to the same step. */
const remember = (id: string | null) =>
  window.history.replaceState(null, "", id ? `?id=${id}` : window.location.pathname);

export function ImportWizard({ workspaceId, start, ...lists }: WizardProps) {
  const qc = useQueryClient();
  const tags = useTagOptions(workspaceId, lists.tags);
  const fields = useCustomFields(workspaceId, lists.fields);
  const [state, setState] = useState<WizardStart>(start);
  const begin = useMutation({
    mutationFn: ({ id, input }: { id: string; input: StartImport }) => startImport(id, input),
    onSuccess: (run) => setState({ kind: "run", run }),
  });
  const [completed, setCompleted] = useState(false);
  const onFinished = useCallback(
    (done: boolean) => {
      setCompleted(done);
      void qc.invalidateQueries({ queryKey: queryKeys.contacts.all(workspaceId) });
      void qc.invalidateQueries({ queryKey: queryKeys.tags.all(workspaceId) });
      void qc.invalidateQueries({ queryKey: queryKeys.segments.all(workspaceId) });
    },
    [qc, workspaceId],
  );
  const restart = () => (begin.reset(), remember(null), setState({ kind: "upload" }));
  const step = state.kind === "upload" ? 0 : state.kind === "map" ? 1 : completed ? 3 : 2;
  return (
    <Card>
      <nav aria-label="Import steps" className="border-b border-slate-200 px-5 py-4">
        <ol className="flex flex-wrap gap-x-6 gap-y-2">
          {STEPS.map((label, i) => (
            <li
              key={label}
              aria-current={i === step ? "step" : undefined}
              className={clsx(
                "flex items-center gap-2 text-sm",
                i === step ? "font-medium text-slate-900" : "text-slate-500",
              )}
            >
              <span
                className={clsx(
                  "flex size-6 items-center justify-center rounded-full text-xs font-semibold",
                  i < step
                    ? "bg-emerald-100 text-emerald-700"
                    : i === step
                      ? "bg-brand-600 text-white"
                      : "bg-slate-100 text-slate-500",
                )}
              >
                {i < step ? <CheckIcon className="size-3.5" /> : i + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
      </nav>
      <CardBody className="py-6">
        {state.kind === "upload" && (
          <UploadStep onUploaded={(preview) => (remember(preview.id), setState({ kind: "map", preview }))} />
        )}
        {state.kind === "map" && (
          <MappingStep
            workspaceId={workspaceId}
            preview={state.preview}
            fields={fields}
            tags={tags}
            pending={begin.isPending}
            error={begin.error}
            onStart={(input) => begin.mutate({ id: state.preview.id, input })}
            onCancel={restart}
          />
        )}
        {state.kind === "run" && (
          <ImportRun
            workspaceId={workspaceId}
            initial={state.run}
            onFinished={onFinished}
            onAnother={() => (setCompleted(false), restart())}
          />
        )}
      </CardBody>
    </Card>
  );
}
