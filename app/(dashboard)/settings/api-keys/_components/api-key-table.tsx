"use client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { ApiKey } from "./use-api-key-mutations";

type Props = { keys: ApiKey[]; onRevoke: (key: ApiKey) => void; onDelete: (key: ApiKey) => void };

/** Expired keys answer 401 like revoked ones; the server decides, this only labels them. */
const isExpired = (key: ApiKey) => key.expiresAt !== null && new Date(key.expiresAt).getTime() <= Date.now();

export function ApiKeyTable({ keys, onRevoke, onDelete }: Props) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Key</TH>
          <TH>Scope</TH>
          <TH>Created</TH>
          <TH>Last used</TH>
          <TH>Expires</TH>
          <TH>Status</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {keys.map((key) => {
          const expired = isExpired(key);
          const dimmed = key.revokedAt || expired;
          return (
            <TR key={key.id} className={dimmed ? "text-slate-500" : undefined}>
              <TD className={dimmed ? "font-medium text-slate-500" : "font-medium text-slate-900"}>
                <span className="block max-w-56 truncate" title={key.name}>
                  {key.name}
                </span>
              </TD>
              <TD>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{key.hint}</code>
              </TD>
              <TD>
                <Badge tone={key.scope === "write" ? "amber" : "blue"}>
                  {key.scope === "write" ? "Write" : "Read"}
                </Badge>
              </TD>
              <TD className="whitespace-nowrap text-slate-500">
                <RelativeTime iso={key.createdAt} />
                {key.createdBy && (
                  <span className="block max-w-40 truncate text-xs text-slate-500" title={key.createdBy}>
                    by {key.createdBy}
                  </span>
                )}
              </TD>
              <TD className="whitespace-nowrap text-slate-500">
                {key.lastUsedAt ? <RelativeTime iso={key.lastUsedAt} /> : <span className="text-slate-500">Never</span>}
              </TD>
              <TD className="whitespace-nowrap text-slate-500">
                {key.expiresAt ? <RelativeTime iso={key.expiresAt} /> : <span className="text-slate-500">Never</span>}
              </TD>
              <TD>
                {key.revokedAt ? (
                  <Badge tone="neutral">Revoked</Badge>
                ) : expired ? (
                  <Badge tone="red">Expired</Badge>
                ) : (
                  <Badge tone="green">Active</Badge>
                )}
              </TD>
              <TD className="w-px text-right whitespace-nowrap">
                {key.revokedAt ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDelete(key)}
                    aria-label={`Delete ${key.name}`}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  >
                    Delete
                  </Button>
                ) : (
                  // An expired key is revoked too before it can go: one rule for deleting, whatever stopped the key.
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onRevoke(key)}
                    aria-label={`Revoke ${key.name}`}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  >
                    Revoke
                  </Button>
                )}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
