"use client";
import Link from "next/link";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Segment } from "@/lib/schemas/segments";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { PageFooter } from "@/components/ui/pagination";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { FunnelIcon } from "@/components/ui/icons";
import { listSegmentsAction } from "../actions";
import { SegmentTable } from "./segment-table";
import { useDeleteSegment, type SegmentPage } from "./use-segment-mutations";
import { useCan } from "@/components/permissions/role-context";

export function SegmentsView({ workspaceId, initial }: { workspaceId: string; initial: SegmentPage }) {
  const canWrite = useCan("audience.write");
  const toast = useToast();
  const [page, setPage] = useState(initial.page);
  const [limit, setLimit] = useState(initial.limit);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const remove = useDeleteSegment(workspaceId);
  const isInitial = page === initial.page && limit === initial.limit;
  const query = useQuery({
    queryKey: queryKeys.segments.list(workspaceId, { page, limit }),
    queryFn: async () => unwrap(await listSegmentsAction({ page: String(page), limit: String(limit) })),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const data = query.data ?? initial;
  if (data.totalPages > 0 && page > data.totalPages && !query.isPlaceholderData) setPage(data.totalPages);

  const confirmDelete = (segment: Segment) => {
    setDeleting(null);
    remove.mutate(
      { id: segment.id },
      {
        onSuccess: () => toast.success(`Segment “${segment.name}” deleted.`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Segments"
        description="Saved conditions over your contacts, counted live whenever you look."
        actions={
          canWrite && (
            <Link href="/segments/new" className={buttonClasses("primary")}>
              <PlusIcon />
              New segment
            </Link>
          )
        }
      />
      <Card>
        <QueryErrorNotice query={query} />
        <SegmentTable
          segments={data.data}
          stale={query.isPlaceholderData}
          onDelete={setDeleting}
          empty={
            <EmptyState
              icon={<FunnelIcon className="size-5" />}
              title="No segments yet"
              description="A segment picks contacts by status, fields, tags or activity, such as “subscribers who opened in the last 30 days”."
              action={
                canWrite && (
                  <Link href="/segments/new" className={buttonClasses("secondary", "sm")}>
                    Build a segment
                  </Link>
                )
              }
            />
          }
        />
        <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
        title={deleting ? `Delete the segment “${deleting.name}”?` : "Delete segment"}
        description="Only the rules go: no contact is changed or removed. This cannot be undone."
        confirmLabel="Delete segment"
      />
    </>
  );
}
