"use client";
import { Badge } from "@/components/ui/badge";
import { actionsColumn, DataTable, RowAction, Truncate } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import type { ApiKey } from "./use-api-key-mutations";

type Props = { keys: ApiKey[]; onRevoke: (key: ApiKey) => void; onDelete: (key: ApiKey) => void };

/** Expired keys answer 401 like revoked ones; the server decides, this only labels them. */
const isExpired = (key: ApiKey) => key.expiresAt !== null && new Date(key.expiresAt).getTime() <= Date.now();
const dimmed = (key: ApiKey) => Boolean(key.revokedAt) || isExpired(key);
const dateOrNever = (iso: string | null) => (iso ? <RelativeTime iso={iso} /> : "Never");

export function ApiKeyTable({ keys, onRevoke, onDelete }: Props) {
  return (
    <DataTable
      rows={keys}
      rowProps={(key) => ({ className: dimmed(key) ? "text-slate-500" : undefined })}
      empty={
        <EmptyState
          icon={<KeyIcon className="size-5" />}
          title="No API keys yet"
          description="Create a key to call the API from your website, a script or an integration."
        />
      }
      columns={[
        {
          id: "name",
          header: "Name",
          cell: (key) => (
            <Truncate
              text={key.name}
              className={dimmed(key) ? "max-w-56 font-medium text-slate-500" : "max-w-56 font-medium text-slate-900"}
            />
          ),
        },
        {
          id: "hint",
          header: "Key",
          cell: (key) => (
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{key.hint}</code>
          ),
        },
        {
          id: "scope",
          header: "Scope",
          cell: (key) => (
            <Badge tone={key.scope === "write" ? "amber" : "blue"}>{key.scope === "write" ? "Write" : "Read"}</Badge>
          ),
        },
        {
          id: "created",
          header: "Created",
          className: "whitespace-nowrap text-slate-500",
          cell: (key) => (
            <>
              <RelativeTime iso={key.createdAt} />
              {key.createdBy && (
                <Truncate text={key.createdBy} className="max-w-40 text-xs">{`by ${key.createdBy}`}</Truncate>
              )}
            </>
          ),
        },
        {
          id: "lastUsed",
          header: "Last used",
          className: "whitespace-nowrap text-slate-500",
          cell: (key) => dateOrNever(key.lastUsedAt),
        },
        {
          id: "expires",
          header: "Expires",
          className: "whitespace-nowrap text-slate-500",
          cell: (key) => dateOrNever(key.expiresAt),
        },
        {
          id: "status",
          header: "Status",
          cell: (key) =>
            key.revokedAt ? (
              <Badge tone="neutral">Revoked</Badge>
            ) : isExpired(key) ? (
              <Badge tone="red">Expired</Badge>
            ) : (
              <Badge tone="green">Active</Badge>
            ),
        },
        actionsColumn((key: ApiKey) =>
          key.revokedAt ? (
            <RowAction danger onClick={() => onDelete(key)} aria-label={`Delete ${key.name}`}>
              Delete
            </RowAction>
          ) : (
            // An expired key is revoked too before it can go: one rule for deleting, whatever stopped the key.
            <RowAction danger onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
              Revoke
            </RowAction>
          ),
        ),
      ]}
    />
  );
}
