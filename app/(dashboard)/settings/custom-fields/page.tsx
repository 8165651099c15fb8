import type { Metadata } from "next";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields } from "@/server/services/workspace-lists/load-all";
import { CustomFieldsView } from "./_components/custom-fields-view";

export const metadata: Metadata = { title: "Custom fields" };

export default async function CustomFieldsPage() {
  const { workspace } = await dashboardContext("audience");
  const fields = await loadAllCustomFields(workspace.id);
  return <CustomFieldsView key={workspace.id} workspaceId={workspace.id} initial={fields} />;
}
