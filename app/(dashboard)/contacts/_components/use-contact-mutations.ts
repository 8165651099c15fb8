"use client";
// One hook per contact mutation: optimistic change to every cached list page and contact page, rollback on error,
// and a refetch when settled of contacts plus what counts them (tag counts, segment counts).
import { useMutation } from "@tanstack/react-query";
import type { Contact, CreateContact, UpdateContact } from "@/lib/schemas/contacts";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import type { CursorPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/lib/pointer-errors";
import {
  addContactTagsAction,
  createContactAction,
  deleteContactAction,
  removeContactTagAction,
  updateContactAction,
} from "../actions";

export type ContactPage = CursorPage<Contact>;

/** Contacts plus what counts them (tag counts, segment counts) refresh once a change settles. */
function useBase(workspaceId: string) {
  const { patch, rollback, refresh } = useOptimisticCache([
    queryKeys.contacts.all(workspaceId),
    queryKeys.tags.all(workspaceId),
    queryKeys.segments.all(workspaceId),
  ]);
  return {
    /** `change` returns the contact as it will be, or null when it goes away (list pages and contact pages). */
    patchContacts: (change: (contact: Contact) => Contact | null) =>
      patch<ContactPage | Contact>(
        [queryKeys.contacts.lists(workspaceId), [...queryKeys.contacts.all(workspaceId), "detail"]],
        // A deleted contact's page keeps its last state until the page navigates away.
        (value) =>
          "data" in value
            ? { ...value, data: value.data.flatMap((c) => change(c) ?? []) }
            : (change(value) ?? undefined),
      ),
    onError: rollback,
    onSettled: refresh,
  };
}

/** The new contact shows once the server has it: where it sorts under the current filters is the server's call. */
export function useCreateContact(workspaceId: string) {
  const { onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: CreateContact) => unwrapWithPointers(await createContactAction(input)),
    onSettled,
  });
}

export function useUpdateContact(workspaceId: string) {
  const { patchContacts, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateContact }) =>
      unwrapWithPointers(await updateContactAction(input)),
    onMutate: ({ id, changes }) =>
      patchContacts((c) => {
        if (c.id !== id) return c;
        const { fields, ...rest } = changes;
        return { ...c, ...(rest as Partial<Contact>), fields: { ...c.fields, ...fields } };
      }),
    onError,
    onSettled,
  });
}

export function useAddContactTags(workspaceId: string) {
  const { patchContacts, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; tagIds: string[] }) => unwrap(await addContactTagsAction(input)),
    onMutate: ({ id, tagIds }) =>
      patchContacts((c) => (c.id === id ? { ...c, tags: [...new Set([...c.tags, ...tagIds])] } : c)),
    onError,
    onSettled,
  });
}

export function useRemoveContactTag(workspaceId: string) {
  const { patchContacts, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; tagId: string }) => unwrap(await removeContactTagAction(input)),
    onMutate: ({ id, tagId }) =>
      patchContacts((c) => (c.id === id ? { ...c, tags: c.tags.filter((t) => t !== tagId) } : c)),
    onError,
    onSettled,
  });
}

export function useDeleteContact(workspaceId: string) {
  const { patchContacts, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteContactAction(input)),
    onMutate: ({ id }) => patchContacts((c) => (c.id === id ? null : c)),
    onError,
    onSettled,
  });
}
