"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ContactActivity } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { FormName } from "@/lib/schemas/forms";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listContactActivityAction } from "../../actions";
import { ActivityItem } from "./activity-item";

type ActivityPage = { data: ContactActivity[]; nextCursor: string | null };

type TimelineProps = {
  workspaceId: string;
  contactId: string;
  initial: ActivityPage;
  tags: Map<string, Tag>;
  fields: CustomField[];
  forms: Map<string, FormName>;
  enabled: boolean;
};

export function ActivityTimeline({ workspaceId, contactId, initial, tags, fields, forms, enabled }: TimelineProps) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.contacts.activity(workspaceId, contactId),
    queryFn: async ({ pageParam }) =>
      unwrap(
        await listContactActivityAction({
          id: contactId,
          query: { limit: "20", ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: { pages: [initial], pageParams: [null] },
    enabled,
  });
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Card>
      <CardHeader title="Activity" description="Newest first." />
      <CardBody>
        {query.isError && <Notice tone="error">{errorMessage(query.error)}</Notice>}
        {items.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing has happened yet.</p>
        ) : (
          // The vertical rule behind the icons joins the entries into one timeline.
          <ol className="relative before:absolute before:top-2 before:bottom-2 before:left-3.5 before:w-px before:bg-slate-200">
            {items.map((a) => (
              <ActivityItem key={a.id} activity={a} lookups={{ tags, fields, forms }} />
            ))}
          </ol>
        )}
        {query.hasNextPage && (
          <div className="mt-5 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Load more
            </Button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
