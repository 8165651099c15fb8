"use client";
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { FormName } from "@/lib/schemas/forms";
import type { Tag } from "@/lib/schemas/tags";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { unwrap } from "@/lib/action-result";
import { queryKeys, type ContactListParams } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { listContactsAction } from "../actions";
import { countContactsAction } from "../bulk-actions";
import { useColumns } from "../_lib/use-columns";
import { useCustomFields, useSegmentOptions, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import { AddContactDialog } from "./add-contact-dialog";
import { DownloadIcon, UploadIcon, UsersIcon } from "@/components/ui/icons";
import { BulkActions } from "./bulk-actions";
import { ContactsFilters, type ContactFilters } from "./contacts-filters";
import { ContactsTable } from "./contacts-table";
import { CursorPager } from "./cursor-pager";
import { useCreateContact, type ContactPage } from "./use-contact-mutations";
import { BulkProgressBar } from "./bulk-progress";
import { SelectionBanner } from "./selection-banner";
import { useBulkProgress } from "./use-bulk-progress";
import { formatNumber } from "@/lib/format";
import { Notice } from "@/components/ui/notice";

const LIMIT = 50;

type ContactsViewProps = {
  workspaceId: string;
  initialFilters: ContactFilters;
  initial: ContactPage | null;
  tags: Tag[];
  fields: CustomField[];
  segments: Segment[];
  /** The workspace's forms, so the Source column names a contact's form. */
  forms: FormName[];
};

/** Filters live in the URL too (replaceState, no server round trip), so a filtered view can be bookmarked. */
function syncUrl(f: ContactFilters) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) params.set(k, v);
  window.history.replaceState(null, "", params.size ? `?${params}` : window.location.pathname);
}

export function ContactsView({ workspaceId, initialFilters, initial, forms, ...lists }: ContactsViewProps) {
  const toast = useToast();
  const tags = useTagOptions(workspaceId, lists.tags);
  const fields = useCustomFields(workspaceId, lists.fields);
  const segments = useSegmentOptions(workspaceId, lists.segments);
  const tagsById = useMemo(() => new Map(tags.map((t) => [t.id, t])), [tags]);
  const formsById = useMemo(() => new Map(forms.map((f) => [f.id, f])), [forms]);
  const [columns, setColumns] = useColumns(workspaceId);
  const [filters, setFilters] = useState(initialFilters);
  // Cursors of the pages before the current one; the current page's cursor is the last entry.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // "Select all N matching": the change then applies to the filter, not to ids (set-based on the server).
  const [allMatching, setAllMatching] = useState(false);
  const [adding, setAdding] = useState(false);
  const create = useCreateContact(workspaceId);
  const [canWrite, canImport, canExport] = [
    useCan("audience.write"),
    useCan("contacts.import"),
    useCan("contacts.export"),
  ];

  const search = useDebouncedValue(filters.search.trim());
  const params: ContactListParams = { ...filters, search, cursor: cursors.at(-1) ?? null, limit: LIMIT };
  const isInitial =
    JSON.stringify({ ...initialFilters, search: initialFilters.search.trim() }) ===
      JSON.stringify({ ...filters, search }) && params.cursor === null;
  const query = useQuery({
    queryKey: queryKeys.contacts.list(workspaceId, params),
    queryFn: async () =>
      unwrap(
        await listContactsAction({
          limit: String(LIMIT),
          ...(params.cursor ? { cursor: params.cursor } : {}),
          ...(search ? { search } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.tagId ? { tagId: filters.tagId } : {}),
          ...(filters.segmentId ? { segmentId: filters.segmentId } : {}),
        }),
      ),
    initialData: isInitial && initial ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const contacts = query.data?.data ?? [];
  const visibleSelection = contacts.filter((c) => selected.has(c.id)).map((c) => c.id);
  const listFilter = {
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.segmentId ? { segmentId: filters.segmentId } : {}),
  };
  const counts = useQuery({
    queryKey: [...queryKeys.contacts.all(workspaceId), "counts", listFilter],
    queryFn: async () => unwrap(await countContactsAction(listFilter)),
    placeholderData: keepPreviousData,
  });
  const matching = counts.data?.matching ?? counts.data?.total ?? 0;
  const clearSelection = useCallback(() => (setSelected(new Set()), setAllMatching(false)), []);
  const bulk = useBulkProgress(workspaceId, clearSelection);
  const pageSelected = contacts.length > 0 && visibleSelection.length === contacts.length;

  const changeFilters = (next: ContactFilters) => {
    setFilters(next);
    setCursors([null]);
    clearSelection();
    syncUrl(next);
  };
  const go = (next: (string | null)[]) => (setCursors(next), clearSelection());
  const exportParams = new URLSearchParams(
    Object.entries({ ...filters, search }).filter(([, v]) => v) as [string, string][],
  );
  const filtered = Boolean(search || filters.status || filters.tagId || filters.segmentId);

  return (
    <>
      <PageHeader
        title="Contacts"
        description={
          counts.data ? (
            <span data-testid="contact-counts">
              {counts.data.matching === null
                ? `${formatNumber(counts.data.total)} ${counts.data.total === 1 ? "contact" : "contacts"}`
                : `${formatNumber(counts.data.matching)} of ${formatNumber(counts.data.total)} match`}
            </span>
          ) : (
            "Everyone you can email, with their status, tags and fields."
          )
        }
        actions={
          // Wraps on phones, where three buttons do not fit one line.
          <div className="flex flex-wrap gap-2">
            {canImport && (
              <Link href="/contacts/import" className={buttonClasses("secondary")}>
                <UploadIcon />
                Import CSV
              </Link>
            )}
            {canExport && (
              <a
                href={`/api/dashboard/contacts/export?${exportParams}`}
                download
                className={buttonClasses("secondary")}
              >
                <DownloadIcon />
                Export CSV
              </a>
            )}
            {canWrite && (
              <Button onClick={() => (create.reset(), setAdding(true))}>
                <PlusIcon />
                Add contact
              </Button>
            )}
          </div>
        }
      />
      <Card>
        <ContactsFilters
          filters={filters}
          onChange={changeFilters}
          tags={tags}
          segments={segments}
          fields={fields}
          columns={columns}
          onColumnsChange={setColumns}
          fetching={query.isFetching}
        />
        {bulk.running && <BulkProgressBar progress={bulk.running} />}
        {bulk.failure && (
          <div className="border-b border-slate-200 px-5 py-3">
            <Notice tone="error">
              {bulk.failure}{" "}
              <button type="button" className="font-medium underline" onClick={bulk.dismissFailure}>
                Dismiss
              </button>
            </Notice>
          </div>
        )}
        {canWrite && visibleSelection.length > 0 && (
          <BulkActions
            target={allMatching ? { kind: "filter", filter: listFilter } : { kind: "ids", ids: visibleSelection }}
            count={allMatching ? matching : visibleSelection.length}
            tags={tags}
            busy={Boolean(bulk.running)}
            onStarted={bulk.track}
            onClear={clearSelection}
          />
        )}
        {canWrite && pageSelected && matching > contacts.length && (
          <SelectionBanner
            pageCount={contacts.length}
            matching={matching}
            allMatching={allMatching}
            onSelectAllMatching={() => setAllMatching(true)}
            onClear={clearSelection}
          />
        )}
        <QueryErrorNotice query={query} />
        {contacts.length === 0 && !query.isError ? (
          <EmptyState
            icon={<UsersIcon className="size-5" />}
            title={
              query.isPending ? "Loading contacts…" : filtered ? "No contacts match these filters" : "No contacts yet"
            }
            description={
              filtered
                ? "Try another search or clear a filter."
                : canWrite
                  ? "Add contacts one by one, import a CSV file, or use the API."
                  : "Contacts your team adds or imports show here."
            }
          />
        ) : (
          <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <ContactsTable
              contacts={contacts}
              columns={columns}
              fields={fields}
              tagsById={tagsById}
              formsById={formsById}
              selected={selected}
              onSelectedChange={(next) => (setSelected(next), setAllMatching(false))}
              selectable={canWrite}
            />
          </div>
        )}
        {(cursors.length > 1 || query.data?.nextCursor) && (
          <div className="border-t border-slate-200">
            <CursorPager
              page={cursors.length}
              shown={contacts.length}
              hasPrevious={cursors.length > 1}
              hasNext={Boolean(query.data?.nextCursor) && !query.isPlaceholderData}
              onPrevious={() => go(cursors.slice(0, -1))}
              onNext={() => query.data?.nextCursor && go([...cursors, query.data.nextCursor])}
            />
          </div>
        )}
      </Card>
      <AddContactDialog
        open={adding}
        tags={tags}
        fields={fields}
        pending={create.isPending}
        error={create.error}
        onClose={() => setAdding(false)}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (contact) => (setAdding(false), toast.success(`${contact.email} added.`)),
          })
        }
      />
    </>
  );
}
