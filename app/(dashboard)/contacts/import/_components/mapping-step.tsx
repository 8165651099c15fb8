"use client";
import { useState } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { ImportMapping, ImportPreview, ImportTarget, StartImport } from "@/lib/schemas/imports";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import type { ImportEncoding } from "@/lib/csv/text-encoding";
import { getImportPreview, ProblemError } from "../_lib/import-api";
import { EncodingPicker } from "./encoding-picker";
import { ColumnMapping } from "./column-mapping";
import { PreviewTable } from "./preview-table";
import { CreateFieldDialog } from "./create-field-dialog";
import { ImportTagPicker } from "./import-tag-picker";

type MappingStepProps = {
  workspaceId: string;
  preview: ImportPreview;
  fields: CustomField[];
  tags: Tag[];
  pending: boolean;
  error: unknown;
  onStart: (input: StartImport) => void;
  onCancel: () => void;
};

/** What is wrong with a mapping before the server is asked: exactly one email column, each target used once. */
export function mappingProblem(mapping: ImportMapping): string | null {
  const targets = Object.values(mapping).filter((t): t is ImportTarget => t !== null);
  const emails = targets.filter((t) => t === "email").length;
  if (emails === 0) return "Map one column to Email: every contact needs one.";
  if (emails > 1) return "Map only one column to Email.";
  if (targets.some((t, i) => targets.indexOf(t) !== i))
    return "Each contact attribute or field can take one column only.";
  return null;
}

const initialMapping = (preview: ImportPreview): ImportMapping =>
  Object.fromEntries(preview.headers.map((h) => [h, preview.suggestedMapping[h] ?? null]));

export function MappingStep({
  workspaceId,
  fields,
  tags,
  pending,
  error,
  onStart,
  onCancel,
  ...props
}: MappingStepProps) {
  // The preview as decoded with the encoding picked last (the upload's answer until then).
  const [preview, setPreview] = useState(props.preview);
  const [decoding, setDecoding] = useState(false);
  const [decodeError, setDecodeError] = useState<unknown>(null);
  const [mapping, setMapping] = useState<ImportMapping>(() => initialMapping(props.preview));
  const pickEncoding = async (encoding: ImportEncoding) => {
    setDecoding(true);
    setDecodeError(null);
    try {
      const next = await getImportPreview(preview.id, encoding);
      // Headers decoded differently are other columns: their mapping starts again from the suggestion.
      if (next.headers.join("\n") !== preview.headers.join("\n")) setMapping(initialMapping(next));
      setPreview(next);
    } catch (e) {
      setDecodeError(e);
    } finally {
      setDecoding(false);
    }
  };
  const [newFieldFor, setNewFieldFor] = useState<{ header: string; values: string[] } | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [newTagNames, setNewTagNames] = useState<string[]>([]);
  const [updateExisting, setUpdateExisting] = useState(true);
  const problem = mappingProblem(mapping);
  const pointers = error instanceof ProblemError ? error.pointers : [];
  const tagError = pointers.find((p) => p.pointer.startsWith("#/newTagNames"))?.detail;
  const serverErrors = Object.fromEntries(
    (error instanceof ProblemError ? error.pointers : [])
      .filter((p) => p.pointer.startsWith("#/mapping/"))
      .map((p) => [p.pointer.slice("#/mapping/".length).replace(/~1/g, "/").replace(/~0/g, "~"), p.detail]),
  );

  return (
    <div className="space-y-8">
      <section aria-labelledby="preview-heading">
        <h3 id="preview-heading" className="text-sm font-semibold text-slate-900">
          Preview
        </h3>
        <p className="mt-0.5 text-[13px] text-slate-500">
          {preview.filename} · {formatNumber(preview.totalRows ?? 0)} rows. The first {preview.preview.length} are
          shown.
        </p>
        <PreviewTable headers={preview.headers} rows={preview.preview} />
        <EncodingPicker preview={preview} loading={decoding} onPick={pickEncoding} />
        {decodeError != null && <Notice tone="error">{errorMessage(decodeError)}</Notice>}
      </section>

      <section aria-labelledby="mapping-heading">
        <h3 id="mapping-heading" className="text-sm font-semibold text-slate-900">
          Match columns to contact fields
        </h3>
        <p className="mt-0.5 mb-3 text-[13px] text-slate-500">
          Columns set to Skip are not imported. A Tags column lists tag names separated by commas or semicolons (new
          ones are created); a Status column says subscribed or not (yes/no works too) but never resubscribes someone
          who left.
        </p>
        <ColumnMapping
          preview={preview}
          fields={fields}
          mapping={mapping}
          errors={serverErrors}
          onChange={(header, target) => setMapping((m) => ({ ...m, [header]: target }))}
          onCreateField={(header, values) => setNewFieldFor({ header, values })}
        />
        <CreateFieldDialog
          workspaceId={workspaceId}
          column={newFieldFor}
          onClose={() => setNewFieldFor(null)}
          onCreated={(field) => {
            if (newFieldFor) setMapping((m) => ({ ...m, [newFieldFor.header]: `field:${field.key}` }));
            setNewFieldFor(null);
          }}
        />
        {problem && (
          <p role="status" className="mt-3 text-[13px] text-red-600">
            {problem}
          </p>
        )}
      </section>

      <section className="grid gap-6 sm:grid-cols-2">
        <ImportTagPicker
          tags={tags}
          tagIds={tagIds}
          onTagIdsChange={setTagIds}
          newTagNames={newTagNames}
          onNewTagNamesChange={setNewTagNames}
          error={tagError}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Contacts already in this workspace</legend>
          <div className="mt-2 space-y-2 text-sm text-slate-700">
            <ExistingOption
              checked={updateExisting}
              onCheck={() => setUpdateExisting(true)}
              label="Update existing contacts"
              hint="Mapped columns overwrite their values."
            />
            <ExistingOption
              checked={!updateExisting}
              onCheck={() => setUpdateExisting(false)}
              label="Skip existing contacts"
              hint="Only new emails are added."
            />
          </div>
        </fieldset>
      </section>

      {error != null && Object.keys(serverErrors).length === 0 && !tagError && (
        <Notice tone="error">{errorMessage(error)}</Notice>
      )}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-5">
        <Button variant="secondary" onClick={onCancel}>
          Choose another file
        </Button>
        <Button
          onClick={() => onStart({ mapping, tagIds, newTagNames, updateExisting, encoding: preview.encoding })}
          disabled={!!problem || decoding}
          loading={pending}
        >
          Start import
        </Button>
      </div>
    </div>
  );
}

/** One answer to "Contacts already in this workspace": a radio with its label and what it means. */
function ExistingOption(props: { checked: boolean; onCheck: () => void; label: string; hint: string }) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="radio"
        name="existing"
        checked={props.checked}
        onChange={props.onCheck}
        className="mt-0.5 accent-brand-600"
      />
      <span>
        {props.label}
        <span className="block text-[13px] text-slate-500">{props.hint}</span>
      </span>
    </label>
  );
}
