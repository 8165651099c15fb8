"use client";
// The workspace's sending domains and their status, for the checklist's From-domain warning. A domain verified in
// another tab shows here when the composer comes back into view (TanStack Query refetches on focus).
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import type { DomainState } from "@/lib/deliverability/sending-domains";
import { getSendingDomainStatesAction } from "../actions/sending-domain-actions";

export function useSendingDomains(workspaceId: string): DomainState[] | null {
  const query = useQuery({
    queryKey: ["workspace", workspaceId, "sending-domains", "states"],
    queryFn: async () => unwrap(await getSendingDomainStatesAction({})),
    staleTime: 60_000,
  });
  return query.data ?? null;
}
