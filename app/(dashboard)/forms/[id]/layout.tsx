import type { ReactNode } from "react";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadFormOr404 } from "../_lib/load-form";
import { FormHeader } from "./_components/form-header";

/** Every page of one form (builder, submissions, analytics) under one header with the form's tabs. */
export default async function FormLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const { workspace } = await dashboardContext("forms");
  const form = await loadFormOr404(workspace.id, id);
  return (
    <>
      <FormHeader key={`${workspace.id}:${id}`} workspaceId={workspace.id} initial={form} />
      {children}
    </>
  );
}
