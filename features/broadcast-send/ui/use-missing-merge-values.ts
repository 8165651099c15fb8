"use client";
// The send checklist's merge-tag warning: for the audience on screen and the merge tags the draft uses without a
// fallback, how many recipients lack each value, counted by the server with the send's audience SQL. Asked like the
// picker's live count (use-audience-count.ts): once the question has stopped changing for a moment.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { countMissingMergeValuesAction } from "@/features/composer/actions/audience-actions";
import { COUNT_DEBOUNCE_MS } from "@/features/composer/ui/panels/use-audience-count";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import type { MissingMergeValues } from "../model/checklist";

type Question = {
  audienceType: Broadcast["audienceType"];
  audienceFilter: Record<string, unknown>;
  broadcastId?: string;
  keys: string[];
};

/** null until answered, and when there is nothing to ask (no tag without a fallback, or no audience chosen yet). */
export function useMissingMergeValues(
  workspaceId: string,
  question: Question,
  ask: boolean,
): MissingMergeValues | null {
  const enabled = ask && question.keys.length > 0;
  const settled = useDebouncedValue(JSON.stringify(question), COUNT_DEBOUNCE_MS);
  const settledKeys = (JSON.parse(settled) as Question).keys;
  const query = useQuery({
    queryKey: queryKeys.broadcasts.missingMergeValues(workspaceId, settled),
    queryFn: async (): Promise<MissingMergeValues | null> => {
      const result = await countMissingMergeValuesAction(JSON.parse(settled) as Question);
      // A refused audience (a deleted segment) is the audience item's to report; the warning just waits.
      return result.ok ? result.data : null;
    },
    enabled: enabled && settledKeys.length > 0,
    placeholderData: keepPreviousData,
    // Contacts come and go, as for the live count.
    staleTime: 5_000,
  });
  return enabled ? (query.data ?? null) : null;
}
