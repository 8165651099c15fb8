"use client";
import { useState } from "react";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ListCard, ListEmpty, ListToolbar } from "@/components/ui/list-page";
import { PlusIcon, TagIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { useToast } from "@/components/ui/toast";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listTagsAction } from "../actions";
import { TagFormDialog, type TagFormValues } from "./tag-form-dialog";
import { TagTable } from "./tag-table";
import { useCreateTag, useDeleteTag, useUpdateTag, type TagPage } from "./use-tag-mutations";
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
  const list = useListState(initial);
  const { page, limit, search } = list;
  const [open, setOpen] = useState<Open>(null);
  const create = useCreateTag(workspaceId);
  const update = useUpdateTag(workspaceId);
  const remove = useDeleteTag(workspaceId);

  const params = { page, limit, search };
  const listing = useListQuery({
    list,
    queryKey: queryKeys.tags.list(workspaceId, params),
    queryFn: async () => unwrap(await listTagsAction(actionQuery(params))),
    initial,
  });

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
      <ListCard
        listing={listing}
        top={
          <ListToolbar
            listing={listing}
            placeholder="Search tags…"
            label="Search tags"
            searchClassName="w-full max-w-xs"
            compact
          />
        }
      >
        <TagTable
          {...listing.table}
          empty={
            <ListEmpty
              icon={TagIcon}
              filtered={search !== ""}
              noMatch={{
                title: "No tags match your search",
                description: `Nothing is called “${search}”. Try another name.`,
              }}
              none={{
                title: "No tags yet",
                description: canWrite
                  ? "Create a tag with the New tag button, or over the API."
                  : "Tags your team creates show here.",
              }}
            />
          }
          onEdit={(tag) => openForm({ kind: "edit", tag })}
          onDelete={(tag) => setOpen({ kind: "delete", tag })}
        />
      </ListCard>

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
