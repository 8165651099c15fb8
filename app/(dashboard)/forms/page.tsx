import type { Metadata } from "next";
import { ZListFormsQuery } from "@/lib/schemas/forms";
import { listForms } from "@/server/services/forms/list-forms";
import { dashboardContext } from "../_lib/dashboard-context";
import { FormsView } from "./_components/forms-view";

export const metadata: Metadata = { title: "Forms" };

export default async function FormsPage() {
  const { workspace } = await dashboardContext("forms");
  const initial = await listForms({ workspaceId: workspace.id, query: ZListFormsQuery.parse({}) });
  return <FormsView key={workspace.id} workspaceId={workspace.id} initial={initial} />;
}
