"use client";
// The builder's live count: the rules, once they stop changing for a moment, go to the preview service. A rule
// set the server refuses is not an error of the query: its messages come back as data for the rows to show.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SegmentRules } from "@/lib/schemas/segments";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { previewSegmentAction } from "../actions";
import { errorsByCondition } from "../_lib/rule-draft";

type LiveResult = { count: number | null; errors: Record<string, string>; message: string | null };

export function useLiveCount(workspaceId: string, rules: SegmentRules) {
  const serialised = useDebouncedValue(JSON.stringify(rules), 400);
  const pending = serialised !== JSON.stringify(rules);
  const empty = rules.conditions.length === 0;
  const query = useQuery({
    queryKey: queryKeys.segments.preview(workspaceId, serialised),
    queryFn: async (): Promise<LiveResult> => {
      const result = await previewSegmentAction({ rules: JSON.parse(serialised) as SegmentRules });
      if (result.ok) return { count: result.data.contactCount, errors: {}, message: null };
      const errors = errorsByCondition(result.fieldErrors ?? []);
      const onRows = Object.keys(errors).some((k) => k !== "");
      return {
        count: null,
        errors,
        message: onRows ? "Fix the highlighted conditions to count contacts." : result.error,
      };
    },
    // The debounced rules may still be the empty set the builder started from.
    enabled: !empty && (JSON.parse(serialised) as SegmentRules).conditions.length > 0,
    placeholderData: keepPreviousData,
    // Counts move as contacts change; a short life keeps an open builder honest without hammering the database.
    staleTime: 5_000,
  });
  return {
    count: empty ? null : (query.data?.count ?? null),
    // Messages point at positions of the rules they were computed for; older ones could point at the wrong row.
    errors: empty || pending || query.isPlaceholderData ? {} : (query.data?.errors ?? ({} as Record<string, string>)),
    message: empty ? null : (query.data?.message ?? (query.isError ? "The count is unavailable right now." : null)),
    updating: !empty && (pending || query.isFetching),
  };
}
