import type { Metadata } from "next";
import { dashboardContext } from "../../_lib/dashboard-context";
import { NewFormPicker } from "./_components/new-form-picker";

export const metadata: Metadata = { title: "New form" };

export default async function NewFormPage() {
  const { workspace } = await dashboardContext("forms.write");
  return <NewFormPicker key={workspace.id} workspaceId={workspace.id} />;
}
