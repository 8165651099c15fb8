"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Tag } from "@/lib/schemas/tags";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, TagIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { PageFooter } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { listTagsAction } from "../actions";
import { TagFormDialog, type TagFormValues } from "./tag-form-dialog";
import { TagTable } from "./tag-table";
import { useCreateTag, useDeleteTag, useUpdateTag, type TagPage } from "./use-tag-mutations";
import { SearchInput } from "@/components/ui/search-input";
import { useCan } from "@/components/permissions/role-context";

type Open =
  { kind: "create"; initial: TagFormValues } | { kind: "edit"; tag: Tag } | { kind: "delete"; tag: Tag } | null;

export function TagsView({
  workspaceId,
  initial,
  palette,
}: {
  workspaceId: string;
  initial: TagPage;
  palette: readonly string[];
}) {
  const canWrite = useCan("audience.write");
  const toast = useToast();
  const [page, setPage] = useState(initial.page);
  const [limit, setLimit] = useState(initial.limit);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const [open, setOpen] = useState<Open>(null);
  const create = useCreateTag(workspaceId);
  const update = useUpdateTag(workspaceId);
  const remove = useDeleteTag(workspaceId);

  const isInitial = page === initial.page && limit === initial.limit && search === "";
  const query = useQuery({
    queryKey: queryKeys.tags.list(workspaceId, { page, limit, search }),
    queryFn: async () =>
      unwrap(await listTagsAction({ page: String(page), limit: String(limit), ...(search ? { search } : {}) })),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const data = query.data ?? initial;
  // Deleting the last row of the last page would strand the user on an empty page.
  if (data.totalPages > 0 && page > data.totalPages && !query.isPlaceholderData) setPage(data.totalPages);

  const close = () => setOpen(null);
  const openForm = (next: Open) => {
    create.reset();
    update.reset();
    setOpen(next);
  };
  const active = open?.kind === "create" ? create : update;

  function submitForm(values: TagFormValues) {
    if (open?.kind === "create") {
      create.mutate(values, {
        onSuccess: (tag) => {
          close();
          toast.success(`Tag “${tag.name}” created.`);
        },
      });
    } else if (open?.kind === "edit") {
      const changes = {
        ...(values.name.trim() !== open.tag.name ? { name: values.name } : {}),
        ...(values.color !== open.tag.color ? { color: values.color } : {}),
      };
      if (Object.keys(changes).length === 0) return close();
      update.mutate(
        { id: open.tag.id, changes },
        {
          onSuccess: () => {
            close();
            toast.success("Tag saved.");
          },
        },
      );
    }
  }

  function confirmDelete(tag: Tag) {
    close();
    remove.mutate(
      { id: tag.id },
      { onSuccess: () => toast.success(`Tag “${tag.name}” deleted.`), onError: (e) => toast.error(errorMessage(e)) },
    );
  }

  const randomColor = () => palette[Math.floor(Math.random() * palette.length)] ?? "#6366f1";
  return (
    <>
      <PageHeader
        title="Tags"
        description="Label contacts to segment broadcasts and route form sign-ups."
        actions={
          canWrite && (
            <Button onClick={() => openForm({ kind: "create", initial: { name: "", color: randomColor() } })}>
              <PlusIcon />
              New tag
            </Button>
          )
        }
      />
      <Card>
        <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
          <SearchInput
            value={searchInput}
            onChange={(v) => (setSearchInput(v), setPage(1))}
            placeholder="Search tags…"
            label="Search tags"
            className="w-full max-w-xs"
            compact
          />
          {query.isFetching && <Spinner className="text-slate-400" />}
        </div>
        <QueryErrorNotice query={query} />
        <TagTable
          tags={data.data}
          stale={query.isPlaceholderData}
          empty={
            <EmptyState
              icon={<TagIcon className="size-5" />}
              title={search ? "No tags match your search" : "No tags yet"}
              description={
                search
                  ? `Nothing is called “${search}”. Try another name.`
                  : canWrite
                    ? "Create a tag with the New tag button, or over the API."
                    : "Tags your team creates show here."
              }
            />
          }
          onEdit={(tag) => openForm({ kind: "edit", tag })}
          onDelete={(tag) => setOpen({ kind: "delete", tag })}
        />
        <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      </Card>

      <TagFormDialog
        open={open?.kind === "create" || open?.kind === "edit"}
        mode={open?.kind === "edit" ? "edit" : "create"}
        initial={
          open?.kind === "edit"
            ? { name: open.tag.name, color: open.tag.color }
            : open?.kind === "create"
              ? open.initial
              : { name: "", color: "" }
        }
        palette={palette}
        pending={active.isPending}
        error={active.error}
        onClose={close}
        onSubmit={submitForm}
      />
      <ConfirmDialog
        open={open?.kind === "delete"}
        onClose={close}
        onConfirm={() => open?.kind === "delete" && confirmDelete(open.tag)}
        title={
          open?.kind === "delete" ? (
            <span className="wrap-anywhere">{`Delete the tag “${open.tag.name}”?`}</span>
          ) : (
            "Delete tag"
          )
        }
        description={
          open?.kind === "delete" && open.tag.count > 0
            ? `${open.tag.count === 1 ? "1 contact carries" : `${open.tag.count} contacts carry`} this tag. They keep everything else; only the tag goes. This cannot be undone.`
            : "Contacts keep everything else; only the tag goes. This cannot be undone."
        }
        confirmLabel="Delete tag"
      />
    </>
  );
}
