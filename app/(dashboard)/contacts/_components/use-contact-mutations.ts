"use client";
// One hook per contact mutation: optimistic change to every cached list page and contact page, rollback on error,
// and a refetch when settled of contacts plus what counts them (tag counts, segment counts).
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Contact, ContactStatus, CreateContact, UpdateContact } from "@/lib/schemas/contacts";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "../_lib/pointer-errors";
import {
  addContactTagsAction,
  bulkContactsAction,
  createContactAction,
  deleteContactAction,
  removeContactTagAction,
  updateContactAction,
} from "../actions";

export type ContactPage = { data: Contact[]; nextCursor: string | null };
type Cached = ContactPage | Contact | undefined;
type Snapshot = { snapshot: [QueryKey, Cached][] };

/** `change` returns the contact as it will be, or null when it goes away. */
async function patchContacts(
  qc: QueryClient,
  workspaceId: string,
  change: (contact: Contact) => Contact | null,
): Promise<Snapshot> {
  const lists = { queryKey: queryKeys.contacts.lists(workspaceId) };
  const details = { queryKey: [...queryKeys.contacts.all(workspaceId), "detail"] };
  await Promise.all([qc.cancelQueries(lists), qc.cancelQueries(details)]);
  const snapshot = [...qc.getQueriesData<Cached>(lists), ...qc.getQueriesData<Cached>(details)];
  for (const [key, value] of snapshot) {
    if (!value) continue;
    if ("data" in value) {
      const data = value.data.flatMap((c) => change(c) ?? []);
      qc.setQueryData<ContactPage>(key, { ...value, data });
    } else {
      // A deleted contact's page keeps its last state until the page navigates away.
      const next = change(value);
      if (next) qc.setQueryData<Contact>(key, next);
    }
  }
  return { snapshot };
}

function useBase(workspaceId: string) {
  const qc = useQueryClient();
  return {
    qc,
    onError: (_e: unknown, _i: unknown, context: Snapshot | undefined) =>
      context?.snapshot.forEach(([key, value]) => qc.setQueryData(key, value)),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.contacts.all(workspaceId) }),
        qc.invalidateQueries({ queryKey: queryKeys.tags.all(workspaceId) }),
        qc.invalidateQueries({ queryKey: queryKeys.segments.all(workspaceId) }),
      ]),
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
  const { qc, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateContact }) =>
      unwrapWithPointers(await updateContactAction(input)),
    onMutate: ({ id, changes }) =>
      patchContacts(qc, workspaceId, (c) => {
        if (c.id !== id) return c;
        const { fields, ...rest } = changes;
        return { ...c, ...(rest as Partial<Contact>), fields: { ...c.fields, ...fields } };
      }),
    onError,
    onSettled,
  });
}

export function useAddContactTags(workspaceId: string) {
  const { qc, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; tagIds: string[] }) => unwrap(await addContactTagsAction(input)),
    onMutate: ({ id, tagIds }) =>
      patchContacts(qc, workspaceId, (c) => (c.id === id ? { ...c, tags: [...new Set([...c.tags, ...tagIds])] } : c)),
    onError,
    onSettled,
  });
}

export function useRemoveContactTag(workspaceId: string) {
  const { qc, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; tagId: string }) => unwrap(await removeContactTagAction(input)),
    onMutate: ({ id, tagId }) =>
      patchContacts(qc, workspaceId, (c) => (c.id === id ? { ...c, tags: c.tags.filter((t) => t !== tagId) } : c)),
    onError,
    onSettled,
  });
}

export function useDeleteContact(workspaceId: string) {
  const { qc, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteContactAction(input)),
    onMutate: ({ id }) => patchContacts(qc, workspaceId, (c) => (c.id === id ? null : c)),
    onError,
    onSettled,
  });
}

export type BulkOperation =
  | { kind: "addTag"; tagId: string }
  | { kind: "removeTag"; tagId: string }
  | { kind: "setStatus"; status: ContactStatus }
  | { kind: "delete" };

export function useBulkContacts(workspaceId: string) {
  const { qc, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { ids: string[]; operation: BulkOperation }) => unwrap(await bulkContactsAction(input)),
    onMutate: ({ ids, operation: op }) => {
      const selected = new Set(ids);
      return patchContacts(qc, workspaceId, (c) => {
        if (!selected.has(c.id)) return c;
        if (op.kind === "delete") return null;
        if (op.kind === "setStatus") return { ...c, status: op.status };
        if (op.kind === "addTag") return { ...c, tags: [...new Set([...c.tags, op.tagId])] };
        return { ...c, tags: c.tags.filter((t) => t !== op.tagId) };
      });
    },
    onError,
    onSettled,
  });
}
