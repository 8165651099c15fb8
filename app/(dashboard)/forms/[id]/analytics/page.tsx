import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { ZFormAnalyticsQuery } from "@/lib/schemas/forms";
import { rangeFromParams, rangeQuery } from "@/lib/form-analytics/range";
import { AppError } from "@/server/errors";
import { getForm } from "@/server/services/forms/get-form";
import { getFormAnalytics } from "@/server/services/forms/get-form-analytics";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { AnalyticsView } from "./_components/analytics-view";

export const metadata: Metadata = { title: "Form analytics" };

type PageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function FormAnalyticsPage({ params, searchParams }: PageProps) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("analytics");
  const range = rangeFromParams(await searchParams);
  const target = { workspaceId: workspace.id, formId: id };
  // rangeFromParams only lets through what the schema accepts, except a custom range longer than two years:
  // that one falls back to the default rather than failing the page.
  const parsed = ZFormAnalyticsQuery.safeParse(rangeQuery(range));
  const initialRange = parsed.success ? range : ({ range: "30d" } as const);
  const query = parsed.success ? parsed.data : ZFormAnalyticsQuery.parse({});
  const [form, analytics] = await Promise.all([getForm(target), getFormAnalytics({ ...target, query })]).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
      throw error;
    },
  );
  return (
    <AnalyticsView
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      form={{ id: form.id, fields: form.fields }}
      initialRange={initialRange}
      initial={analytics}
    />
  );
}
