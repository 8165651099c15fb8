import type { Metadata } from "next";
import { appUrl } from "@/server/config";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllSegments, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { loadFormOr404 } from "../_lib/load-form";
import { FormBuilder } from "@/features/form-builder/ui/form-builder";

export const metadata: Metadata = { title: "Form builder" };

export default async function FormBuilderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { workspace } = await dashboardContext("forms");
  const form = await loadFormOr404(workspace.id, id);
  const [customFields, tags, segments] = await Promise.all([
    loadAllCustomFields(workspace.id),
    loadAllTags(workspace.id),
    loadAllSegments(workspace.id),
  ]);
  return (
    <FormBuilder
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      workspaceName={workspace.name}
      initial={form}
      appUrl={appUrl()}
      lists={{ customFields, tags, segments }}
    />
  );
}
