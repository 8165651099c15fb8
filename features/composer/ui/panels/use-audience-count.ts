"use client";
// The picker's live recipient count: the audience, once it has stopped changing for 300 ms, counted by the server
// with the send's own SQL. A refused audience (a deleted segment) is not a failed query: its messages come back as
// data, pointed at the ids they are about.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { countAudienceAction } from "../../actions/audience-actions";
import type { AudienceType } from "../../model/audience-choice";

type Audience = { audienceType: AudienceType; audienceFilter: Record<string, unknown>; broadcastId?: string };
type Counted = { count: number | null; errors: Record<string, string>; message: string | null };

export const COUNT_DEBOUNCE_MS = 300;

export function useAudienceCount(workspaceId: string, audience: Audience, missing: string | null) {
  const serialised = JSON.stringify(audience);
  const settled = useDebouncedValue(serialised, COUNT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: queryKeys.broadcasts.audienceCount(workspaceId, settled),
    queryFn: async (): Promise<Counted> => {
      const result = await countAudienceAction(JSON.parse(settled) as Audience);
      if (result.ok) return { count: result.data.count, errors: {}, message: null };
      const fieldErrors = result.fieldErrors ?? [];
      const errors = Object.fromEntries(fieldErrors.map((e) => [e.pointer, e.detail]));
      // The action's generic summary says less than the field's own message ("Choose at least one tag.").
      const generic = result.error === "Check the highlighted fields." && fieldErrors[0];
      return { count: null, errors, message: generic ? generic.detail : result.error };
    },
    // Nothing to count until something is chosen; the picker says what to choose instead.
    enabled: missing === null,
    placeholderData: keepPreviousData,
    // Contacts come and go: a short life keeps an open composer honest without a query per render.
    staleTime: 5_000,
  });
  const pending = settled !== serialised;
  const current = !pending && !query.isPlaceholderData;
  return {
    count: missing ? null : (query.data?.count ?? null),
    // Messages point at list positions of the audience they were computed for: older ones could name the wrong id.
    errors: missing || !current ? {} : (query.data?.errors ?? {}),
    message: missing ?? query.data?.message ?? (query.isError ? "The count is unavailable right now." : null),
    updating: missing === null && (pending || query.isFetching),
  };
}
