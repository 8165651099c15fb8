import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getWebhook } from "@/server/services/webhooks/get-webhook";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { WebhookDetailView } from "./_components/webhook-detail-view";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("webhooks");
  const [webhook, deliveries] = await Promise.all([
    getWebhook({ workspaceId: workspace.id, webhookId: id }).catch(notFoundOn404),
    listWebhookDeliveries({ workspaceId: workspace.id, webhookId: id, query: { page: 1, limit: 20 } }).catch(
      notFoundOn404,
    ),
  ]);
  return (
    <WebhookDetailView
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      initial={webhook}
      deliveries={deliveries}
    />
  );
}

/** Another workspace's webhook, or one deleted meanwhile, is simply not found. */
function notFoundOn404(error: unknown): never {
  if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
  throw error;
}
