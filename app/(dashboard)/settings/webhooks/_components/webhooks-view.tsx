"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Webhook } from "@/lib/schemas/webhooks";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, WebhookIcon } from "@/components/ui/icons";
import { PageFooter } from "@/components/ui/pagination";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listWebhooksAction } from "../actions";
import { useCreateWebhook, useUpdateWebhook, type WebhookPage } from "./use-webhook-mutations";
import { WebhookFormDialog } from "./webhook-form-dialog";
import { VERIFY_DOCS_HREF, WebhookSecretDialog } from "./webhook-secret-dialog";
import { WebhookTable } from "./webhook-table";

/** Statuses change as the worker delivers (Failing, Disabled automatically); the list follows without a reload. */
const REFRESH_MS = 10_000;

export function WebhooksView({ workspaceId, initial }: { workspaceId: string; initial: WebhookPage }) {
  const router = useRouter();
  const toast = useToast();
  const [page, setPage] = useState(initial.page);
  const [creating, setCreating] = useState(false);
  // The plaintext lives only in this state and is dropped when its dialog closes.
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const create = useCreateWebhook(workspaceId);
  const update = useUpdateWebhook(workspaceId);
  const limit = initial.limit;

  const query = useQuery({
    queryKey: queryKeys.webhooks.list(workspaceId, { page, limit }),
    queryFn: async () => unwrap(await listWebhooksAction({ page: String(page), limit: String(limit) })),
    initialData: page === initial.page ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const data = query.data ?? initial;
  // Deleting the last row of the last page would strand the user on an empty page.
  if (data.totalPages > 0 && page > data.totalPages && !query.isPlaceholderData) setPage(data.totalPages);

  const openCreate = () => {
    create.reset();
    setCreating(true);
  };

  const reenable = (w: Webhook) =>
    update.mutate(
      { id: w.id, changes: { isActive: true } },
      {
        onSuccess: () => toast.success(`Re-enabled ${w.url}.`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  return (
    <>
      <Card>
        <CardHeader
          title="Webhooks"
          description={
            <>
              Signed events sent to your endpoints as they happen.{" "}
              <Link href={VERIFY_DOCS_HREF} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                How to verify them
              </Link>
            </>
          }
          actions={
            data.total > 0 && (
              <Button onClick={openCreate}>
                <PlusIcon />
                Create webhook
              </Button>
            )
          }
        />
        <QueryErrorNotice query={query} />
        {data.data.length === 0 ? (
          <EmptyState
            icon={<WebhookIcon className="size-5" />}
            title="No webhooks yet"
            description="A webhook tells your own app the moment something happens in Sendwell: a new sign-up, an unsubscribe, a bounce. Add an HTTPS endpoint, pick the events, and verify each request with its signing secret."
            action={
              <Button onClick={openCreate}>
                <PlusIcon />
                Create webhook
              </Button>
            }
          />
        ) : (
          <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <WebhookTable
              webhooks={data.data}
              onReenable={reenable}
              reenablingId={update.isPending ? (update.variables?.id ?? null) : null}
            />
          </div>
        )}
        <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} />
      </Card>

      <WebhookFormDialog
        open={creating}
        mode="create"
        initial={{ url: "", events: [] }}
        pending={create.isPending}
        error={create.error}
        onClose={() => setCreating(false)}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: ({ id, secret }) => {
              setCreating(false);
              setCreated({ id, secret });
            },
          })
        }
      />
      <WebhookSecretDialog
        secret={created?.secret ?? null}
        reason="created"
        onClose={() => {
          // Next stop after creating: the endpoint's page, to send a test and watch deliveries arrive.
          if (created) router.push(`/settings/webhooks/${created.id}`);
          setCreated(null);
        }}
      />
    </>
  );
}
