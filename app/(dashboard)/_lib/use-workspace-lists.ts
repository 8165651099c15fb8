"use client";
// The workspace-wide lists that pickers and filters share (tags, custom fields, segments), each under its
// resource's key so a mutation anywhere refreshes every picker.
import { useQuery } from "@tanstack/react-query";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listAllCustomFieldsAction, listAllSegmentsAction, listAllTagsAction } from "./workspace-lists-actions";

export function useCustomFields(workspaceId: string, initial: CustomField[]): CustomField[] {
  return (
    useQuery({
      queryKey: queryKeys.customFields.all(workspaceId),
      queryFn: async () => unwrap(await listAllCustomFieldsAction({})),
      initialData: initial,
    }).data ?? initial
  );
}

export function useTagOptions(workspaceId: string, initial: Tag[]): Tag[] {
  return (
    useQuery({
      queryKey: queryKeys.tags.options(workspaceId),
      queryFn: async () => unwrap(await listAllTagsAction({})),
      initialData: initial,
    }).data ?? initial
  );
}

export function useSegmentOptions(workspaceId: string, initial: Segment[]): Segment[] {
  return (
    useQuery({
      queryKey: queryKeys.segments.options(workspaceId),
      queryFn: async () => unwrap(await listAllSegmentsAction({})),
      initialData: initial,
    }).data ?? initial
  );
}
