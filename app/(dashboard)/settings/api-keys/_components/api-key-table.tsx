"use client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { ApiKey } from "./use-api-key-mutations";

export function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Key</TH>
          <TH>Scope</TH>
          <TH>Created</TH>
          <TH>Last used</TH>
          <TH>Status</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {keys.map((key) => (
          <TR key={key.id} className={key.revokedAt ? "text-slate-400" : undefined}>
            <TD className={key.revokedAt ? "font-medium text-slate-500" : "font-medium text-slate-900"}>{key.name}</TD>
            <TD>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{key.hint}</code>
            </TD>
            <TD>
              <Badge tone={key.scope === "write" ? "amber" : "blue"}>{key.scope === "write" ? "Write" : "Read"}</Badge>
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={key.createdAt} />
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              {key.lastUsedAt ? <RelativeTime iso={key.lastUsedAt} /> : <span className="text-slate-400">Never</span>}
            </TD>
            <TD>{key.revokedAt ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="green">Active</Badge>}</TD>
            <TD className="w-px text-right">
              {!key.revokedAt && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRevoke(key)}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  Revoke
                </Button>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
