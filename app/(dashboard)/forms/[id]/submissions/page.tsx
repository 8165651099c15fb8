import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getForm } from "@/server/services/forms/get-form";
import { listFormSubmissions } from "@/server/services/forms/list-form-submissions";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { SubmissionsView } from "./_components/submissions-view";

export const metadata: Metadata = { title: "Form submissions" };

/** The API's default page size for submissions (api-spec: 1 to 100, default 50); the view keeps what it is given. */
const SUBMISSIONS_LIMIT = 50;

export default async function FormSubmissionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("forms");
  const target = { workspaceId: workspace.id, formId: id };
  const [form, initial] = await Promise.all([
    getForm(target),
    listFormSubmissions({ ...target, query: { page: 1, limit: SUBMISSIONS_LIMIT } }),
  ]).catch((error: unknown) => {
    // Another workspace's form, or one deleted meanwhile, is simply not found.
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  return <SubmissionsView key={`${workspace.id}:${id}`} workspaceId={workspace.id} form={form} initial={initial} />;
}
