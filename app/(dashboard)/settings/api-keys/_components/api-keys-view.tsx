"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { ApiKeyTable } from "./api-key-table";
import { CreateApiKeyDialog } from "./create-api-key-dialog";
import { NewApiKeyDialog } from "./new-api-key-dialog";
import { fetchApiKeys, useCreateApiKey, useDeleteApiKey, useRevokeApiKey, type ApiKey } from "./use-api-key-mutations";

type Props = { workspaceId: string; workspaceName: string; initial: ApiKey[] };

export function ApiKeysView({ workspaceId, workspaceName, initial }: Props) {
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  // The plaintext lives only in this state and is dropped when its dialog closes.
  const [created, setCreated] = useState<{ name: string; plaintext: string } | null>(null);
  const create = useCreateApiKey(workspaceId);
  const revoke = useRevokeApiKey(workspaceId);
  const remove = useDeleteApiKey(workspaceId);
  const { data: keys = initial } = useQuery({
    queryKey: queryKeys.apiKeys.all(workspaceId),
    queryFn: fetchApiKeys,
    initialData: initial,
  });

  function confirmRevoke(key: ApiKey) {
    setRevoking(null);
    revoke.mutate(
      { id: key.id },
      {
        onSuccess: () => toast.success(`API key “${key.name}” revoked.`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  }

  function confirmDelete(key: ApiKey) {
    remove.mutate(
      { id: key.id },
      {
        onSuccess: () => {
          setDeleting(null);
          toast.success(`API key “${key.name}” deleted.`);
        },
      },
    );
  }

  return (
    <>
      <Card>
        <CardHeader
          title="API keys"
          description={`Keys authenticate requests to the REST API of ${workspaceName}.`}
          actions={
            <Button
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
            >
              <PlusIcon />
              Create API key
            </Button>
          }
        />
        <ApiKeyTable
          keys={keys}
          onRevoke={setRevoking}
          onDelete={(key) => {
            remove.reset();
            setDeleting(key);
          }}
        />
      </Card>

      <CreateApiKeyDialog
        open={creating}
        pending={create.isPending}
        error={create.error}
        onClose={() => setCreating(false)}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (result) => {
              setCreating(false);
              setCreated({ name: result.key.name, plaintext: result.plaintext });
            },
          })
        }
      />
      <NewApiKeyDialog
        plaintext={created?.plaintext ?? null}
        name={created?.name ?? ""}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Requests using this key will fail immediately. This cannot be undone."
        confirmLabel="Revoke key"
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description="The revoked key disappears from this list, with its last-used date. It already no longer works."
        confirmLabel="Delete key"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
      />
    </>
  );
}
