import type { Metadata } from "next";
import { ZUuid } from "@/lib/schemas/common";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { AppError } from "@/server/errors";
import { getImport } from "@/server/services/imports/get-import";
import { getImportPreview } from "@/server/services/imports/get-import-preview";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { ImportWizard, type WizardStart } from "./_components/import-wizard";

export const metadata: Metadata = { title: "Import contacts" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** ?id=… reopens an import at its step: mapping while only uploaded, otherwise its progress or summary. */
async function startOf(workspaceId: string, id: unknown): Promise<WizardStart> {
  if (!ZUuid.safeParse(id).success) return { kind: "upload" };
  const importId = id as string;
  try {
    const run = await getImport({ workspaceId, importId });
    if (run.status !== "uploaded") return { kind: "run", run };
    return { kind: "map", preview: await getImportPreview({ workspaceId, importId }) };
  } catch (error) {
    // Another workspace's import, or one deleted meanwhile: start afresh.
    if (error instanceof AppError && error.code === "NOT_FOUND") return { kind: "upload" };
    throw error;
  }
}

export default async function ImportPage({ searchParams }: { searchParams: SearchParams }) {
  const { workspace } = await dashboardContext("contacts.import");
  const { id } = await searchParams;
  const [start, tags, fields] = await Promise.all([
    startOf(workspace.id, id),
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
  ]);
  return (
    <>
      <BackLink href="/contacts">Contacts</BackLink>
      <PageHeader
        title="Import contacts"
        description="Upload a CSV file, match its columns to contact fields, and import it in the background."
      />
      <ImportWizard key={workspace.id} workspaceId={workspace.id} start={start} tags={tags} fields={fields} />
    </>
  );
}
