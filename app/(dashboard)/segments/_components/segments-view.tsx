"use client";
import Link from "next/link";
import { useState } from "react";
import type { Segment } from "@/lib/schemas/segments";
import { buttonClasses } from "@/components/ui/button-classes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ListCard, NewLink } from "@/components/ui/list-page";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { useListQuery, useListState } from "@/components/ui/use-list-query";
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
  const list = useListState(initial);
  const { page, limit } = list;
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const remove = useDeleteSegment(workspaceId);
  const listing = useListQuery({
    list,
    queryKey: queryKeys.segments.list(workspaceId, { page, limit }),
    queryFn: async () => unwrap(await listSegmentsAction({ page: String(page), limit: String(limit) })),
    initial,
  });

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
        actions={canWrite && <NewLink href="/segments/new">New segment</NewLink>}
      />
      <ListCard listing={listing}>
        <SegmentTable
          {...listing.table}
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
      </ListCard>
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
