"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Form, FormSubmission } from "@/lib/schemas/forms";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DownloadIcon, FormIcon } from "@/components/ui/icons";
import { PageFooter } from "@/components/ui/pagination";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Spinner } from "@/components/ui/spinner";
import { buttonClasses } from "@/components/ui/button-classes";
import { unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { listSubmissionsAction } from "../actions";
import { SubmissionsTable } from "./submissions-table";
import { useCan } from "@/components/permissions/role-context";

/** New submissions arrive while the page is open (a form that is live); the table catches up on its own. */
const REFRESH_MS = 15_000;

type SubmissionsViewProps = {
  workspaceId: string;
  form: Pick<Form, "id" | "name" | "fields" | "status">;
  initial: OffsetPage<FormSubmission>;
};

export function SubmissionsView({ workspaceId, form, initial }: SubmissionsViewProps) {
  const canExport = useCan("contacts.export");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initial.limit);
  const isInitial = page === 1 && limit === initial.limit;
  const query = useQuery({
    queryKey: [...queryKeys.forms.submissions(workspaceId, form.id), { page, limit }],
    queryFn: async () =>
      unwrap(await listSubmissionsAction({ formId: form.id, query: { page: String(page), limit: String(limit) } })),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const data = query.data ?? initial;

  return (
    <Card>
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            Submissions
            <span className="font-normal text-slate-500 tabular-nums" data-testid="submissions-total">
              {formatNumber(data.total)}
            </span>
            {query.isFetching && <Spinner className="text-slate-400" />}
          </span>
        }
        description="Newest first. Each row links to the contact it created or updated."
        actions={
          canExport && data.total > 0 ? (
            // A plain download link: the route streams the file, which can be far larger than one page.
            <a
              href={`/api/dashboard/forms/${form.id}/submissions`}
              download
              className={buttonClasses("secondary", "sm")}
            >
              <DownloadIcon className="size-3.5" />
              Export CSV
            </a>
          ) : undefined
        }
      />
      <QueryErrorNotice query={query} />
      {data.total === 0 ? (
        <EmptyState
          icon={<FormIcon className="size-5" />}
          title="No submissions yet"
          description={
            form.status === "published"
              ? "The form is live. Submissions appear here as visitors sign up."
              : "Publish the form and embed it on your site (or share its landing page) to start collecting sign-ups."
          }
        />
      ) : (
        <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <SubmissionsTable fields={form.fields} submissions={data.data} />
        </div>
      )}
      <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
    </Card>
  );
}
