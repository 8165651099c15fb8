"use client";
// The workspace-wide lists that pickers and filters share (tags, custom fields, segments), each under its
// resource's key so a mutation anywhere refreshes every picker.
import { useQuery, type QueryKey } from "@tanstack/react-query";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { unwrap, type ActionResultLike } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import {
  listAllCustomFieldsAction,
  listAllSegmentsAction,
  listAllTagsAction,
} from "../actions/workspace-lists-actions";

function useWorkspaceList<T>(queryKey: QueryKey, load: () => Promise<ActionResultLike<T[]>>, initial: T[]): T[] {
  return useQuery({ queryKey, queryFn: async () => unwrap(await load()), initialData: initial }).data ?? initial;
}

export const useCustomFields = (workspaceId: string, initial: CustomField[]) =>
  useWorkspaceList(queryKeys.customFields.all(workspaceId), () => listAllCustomFieldsAction({}), initial);

export const useTagOptions = (workspaceId: string, initial: Tag[]) =>
  useWorkspaceList(queryKeys.tags.options(workspaceId), () => listAllTagsAction({}), initial);

export const useSegmentOptions = (workspaceId: string, initial: Segment[]) =>
  useWorkspaceList(queryKeys.segments.options(workspaceId), () => listAllSegmentsAction({}), initial);
