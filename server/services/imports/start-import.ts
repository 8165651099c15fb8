// Starts an uploaded import with the marketer's choices: column mapping, tags to apply (existing ones, and new ones
// named in the wizard, created with the start), update or skip existing, and the encoding (when the one detected at
// upload was not right).
// Everything is checked here (422 with pointers) so the job only meets per-row problems.
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import type { Import, StartImport } from "@/lib/schemas/imports";
import { pointerTo } from "@/lib/json-pointer";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { tagIdErrors } from "@/server/services/contacts/check-tag-ids";
import { readCsvRecords } from "./read-csv-records";
import { readImportChunks } from "./read-import-chunks";
import { previewRecords } from "./preview-records";
import { jobTransaction } from "@/server/jobs/enqueue";
import { importContactsJob } from "@/server/jobs/import-contacts";
import { findOrCreateTags } from "@/server/services/tags/missing-tags-sql";
import { getImport } from "./get-import";
import { storedEncoding } from "./import-record";

const mappingPointer = (header: string) => pointerTo([header], "#/mapping");
const alreadyStarted = () => new AppError("CONFLICT", "This import has already been started.");

export async function startImport({
  workspaceId,
  importId,
  input,
}: {
  workspaceId: string;
  importId: string;
  input: StartImport;
}): Promise<Import> {
  const row = await db().contactImport.findFirst({
    where: { id: importId, workspaceId },
    select: { status: true, totalRows: true, encoding: true },
  });
  if (!row) throw new AppError("NOT_FOUND", "Import not found.");
  if (row.status !== "uploaded") throw alreadyStarted();
  if (row.totalRows === null) throw new AppError("CONFLICT", "The file is still uploading.");

  const tagIds = [...new Set(input.tagIds)];
  // The headers as the job will read them: decoded with the encoding picked in the preview.
  const encoding = input.encoding ?? storedEncoding(row.encoding);
  const [{ headers }, defs, tagErrors] = await Promise.all([
    previewRecords(readCsvRecords(readImportChunks(importId), encoding), false),
    loadFieldDefs(workspaceId),
    tagIdErrors(workspaceId, input.tagIds),
  ]);
  const errors: FieldError[] = [...tagErrors];
  for (const [header, target] of Object.entries(input.mapping)) {
    if (!headers.includes(header)) {
      errors.push({ pointer: mappingPointer(header), detail: "The file has no column with this header." });
    } else if (target?.startsWith("field:") && !defs.some((d) => d.key === target.slice("field:".length))) {
      errors.push({
        pointer: mappingPointer(header),
        detail: `No custom field "${target.slice(6)}" exists in this workspace.`,
      });
    }
  }
  if (errors.length) throw new AppError("VALIDATION", "The import settings are invalid.", errors);

  await jobTransaction([importContactsJob], async (query, enqueue) => {
    // New tags are made with the start (found ignoring case, like "Add tag" in bulk): a start refused below (a
    // concurrent one won) rolls them back, so no empty tag is left behind.
    const named = await findOrCreateTags(query, workspaceId, input.newTagNames ?? []);
    const allTagIds = [...new Set([...tagIds, ...named])];
    const moved = await query(
      `UPDATE "ContactImport"
          SET status = 'queued', mapping = $3::jsonb, "tagIds" = $4::jsonb, "updateExisting" = $5, encoding = $6
        WHERE id = $1::uuid AND "workspaceId" = $2::uuid AND status = 'uploaded' AND "totalRows" IS NOT NULL`,
      [importId, workspaceId, JSON.stringify(input.mapping), JSON.stringify(allTagIds), input.updateExisting, encoding],
    );
    // A concurrent start won the race: thrown, so this transaction (its new tags too) rolls back.
    if (moved.rowCount !== 1) throw alreadyStarted();
    await enqueue(importContactsJob, { importId });
  });
  return getImport({ workspaceId, importId });
}
