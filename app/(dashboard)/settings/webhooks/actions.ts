"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { ZCreateWebhook, ZListDeliveriesQuery, ZListWebhooksQuery, ZUpdateWebhook } from "@/lib/schemas/webhooks";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";
import { getWebhook } from "@/server/services/webhooks/get-webhook";
import { updateWebhook } from "@/server/services/webhooks/update-webhook";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";
import { rotateWebhookSecret } from "@/server/services/webhooks/rotate-webhook-secret";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";
import { sendTestWebhook } from "@/server/services/webhooks/send-test-webhook";
import { redeliverWebhookDelivery } from "@/server/services/webhooks/redeliver-webhook-delivery";

const ZId = z.object({ id: ZUuid });

export const listWebhooksAction = dashboardAction("webhooks", ZListWebhooksQuery, async (query, { workspace }) =>
  listWebhooks({ workspaceId: workspace.id, query }),
);

export const getWebhookAction = dashboardAction("webhooks", ZId, async ({ id }, { workspace }) =>
  getWebhook({ workspaceId: workspace.id, webhookId: id }),
);

export const createWebhookAction = dashboardAction("webhooks", ZCreateWebhook, async (input, { workspace }) =>
  createWebhook({ workspaceId: workspace.id, input }),
);

/**
 * The changes are parsed here rather than by dashboardAction so their errors point at "#/url" and "#/events", as
 * the service's own 422s (a private address) and the create form's do: one form shows both the same way.
 */
export const updateWebhookAction = dashboardAction(
  "webhooks",
  z.object({ id: ZUuid, changes: z.unknown() }),
  async ({ id, changes }, { workspace }) => {
    const parsed = ZUpdateWebhook.safeParse(changes);
    if (!parsed.success) throw new AppError("VALIDATION", "Check the highlighted fields.", toFieldErrors(parsed.error));
    return updateWebhook({ workspaceId: workspace.id, webhookId: id, input: parsed.data });
  },
);

export const deleteWebhookAction = dashboardAction("webhooks", ZId, async ({ id }, { workspace }) =>
  deleteWebhook({ workspaceId: workspace.id, webhookId: id }),
);

export const rotateWebhookSecretAction = dashboardAction("webhooks", ZId, async ({ id }, { workspace }) =>
  rotateWebhookSecret({ workspaceId: workspace.id, webhookId: id }),
);

export const listWebhookDeliveriesAction = dashboardAction(
  "webhooks",
  z.object({ id: ZUuid, query: ZListDeliveriesQuery }),
  async ({ id, query }, { workspace }) => listWebhookDeliveries({ workspaceId: workspace.id, webhookId: id, query }),
);

export const sendTestWebhookAction = dashboardAction("webhooks", ZId, async ({ id }, { workspace }) =>
  sendTestWebhook({ workspaceId: workspace.id, webhookId: id }),
);

export const redeliverWebhookDeliveryAction = dashboardAction(
  "webhooks",
  z.object({ id: ZUuid, deliveryId: ZUuid }),
  async ({ id, deliveryId }, { workspace }) =>
    redeliverWebhookDelivery({ workspaceId: workspace.id, webhookId: id, deliveryId }),
);
