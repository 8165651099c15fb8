"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Webhook } from "@/lib/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, WebhookIcon } from "@/components/ui/icons";
import { ListCard } from "@/components/ui/list-page";
import { useToast } from "@/components/ui/toast";
import { useListQuery, useListState } from "@/components/ui/use-list-query";
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
  const list = useListState(initial);
  const { page, limit } = list;
  const [creating, setCreating] = useState(false);
  // The plaintext lives only in this state and is dropped when its dialog closes.
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const create = useCreateWebhook(workspaceId);
  const update = useUpdateWebhook(workspaceId);

  const listing = useListQuery({
    list,
    queryKey: queryKeys.webhooks.list(workspaceId, { page, limit }),
    queryFn: async () => unwrap(await listWebhooksAction({ page: String(page), limit: String(limit) })),
    initial,
    refetchInterval: REFRESH_MS,
  });

  const openCreate = () => {
    create.reset();
    setCreating(true);
  };

  const createButton = (
    <Button onClick={openCreate}>
      <PlusIcon />
      Create webhook
    </Button>
  );

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
      <ListCard
        listing={listing}
        fixedLimit
        top={
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
            actions={listing.page.total > 0 && createButton}
          />
        }
      >
        <WebhookTable
          {...listing.table}
          empty={
            <EmptyState
              icon={<WebhookIcon className="size-5" />}
              title="No webhooks yet"
              description="A webhook tells your own app the moment something happens in Sendwell: a new sign-up, an unsubscribe, a bounce. Add an HTTPS endpoint, pick the events, and verify each request with its signing secret."
              action={createButton}
            />
          }
          onReenable={reenable}
          reenablingId={update.isPending ? (update.variables?.id ?? null) : null}
        />
      </ListCard>

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
