"use client";
// The workspace's bulk change in progress: started here, or found running when the page loads (so a reload shows
// it again). Polled every second until it finishes; then one toast with the result (or the error, kept on the
// page), and the contacts with what counts them (tag counts, segment counts, the page's totals) refresh.
import { useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { useToast } from "@/components/ui/toast";
import { bulkResultMessage, type BulkProgress } from "@/lib/contacts/bulk-messages";
import { currentBulkContactsAction, getBulkContactsAction } from "../bulk-actions";

const finished = (p: BulkProgress | undefined) => p?.status === "completed" || p?.status === "failed";
// Not under contacts.all: refreshing the contacts after a change must not refetch "which change is running".
const bulkKey = (workspaceId: string, id: string | null) => ["workspace", workspaceId, "contact-bulk", id] as const;

export function useBulkProgress(workspaceId: string, onFinished: () => void) {
  const toast = useToast();
  const client = useQueryClient();
  const [started, setStarted] = useState<BulkProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reported = useRef(new Set<string>());

  // Called from the poll and from a start that finished at once (a page's selection): never twice for one change.
  function settle(p: BulkProgress) {
    if (reported.current.has(p.id)) return;
    reported.current.add(p.id);
    if (p.status === "completed") toast.success(bulkResultMessage(p));
    else setFailure(p.error ?? "The change failed.");
    for (const key of [queryKeys.contacts.all(workspaceId), queryKeys.tags.all(workspaceId)]) {
      void client.invalidateQueries({ queryKey: key });
    }
    void client.invalidateQueries({ queryKey: queryKeys.segments.all(workspaceId) });
    client.setQueryData(bulkKey(workspaceId, null), null);
    setStarted(null);
    onFinished();
  }

  const current = useQuery({
    queryKey: bulkKey(workspaceId, null),
    queryFn: async () => unwrap(await currentBulkContactsAction({})),
    staleTime: Infinity,
  });
  const base = started ?? current.data ?? null;
  const progress = useQuery({
    queryKey: bulkKey(workspaceId, base?.id ?? "none"),
    queryFn: async () => {
      const p = unwrap(await getBulkContactsAction({ id: base!.id }));
      if (finished(p)) settle(p);
      return p;
    },
    enabled: Boolean(base),
    refetchInterval: (q) => (finished(q.state.data) ? false : 1000),
  });
  const latest = base ? (progress.data ?? base) : null;

  return {
    /** The running change, for the progress bar; null when none runs. */
    running: latest && !finished(latest) ? latest : null,
    failure,
    dismissFailure: () => setFailure(null),
    track: (p: BulkProgress) => {
      setFailure(null);
      if (finished(p)) settle(p);
      else setStarted(p);
    },
  };
}
