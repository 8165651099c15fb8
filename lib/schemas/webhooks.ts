// Webhooks and their delivery records.
import { z } from "zod";
import { offsetQuery, ZDateTimeInput, ZTimestamp, ZUuid } from "./common";
import { webhookEventTypes } from "./webhook-events";

export const ZWebhookEventType = z
  .enum(webhookEventTypes, { error: `Unknown event type. Known types: ${webhookEventTypes.join(", ")}.` })
  .meta({ id: "WebhookEventType" });

const ZUrl = z
  .string()
  .trim()
  .max(2048, "At most 2048 characters.")
  .refine((v) => URL.canParse(v), "Must be an absolute URL.")
  .meta({
    description: "Where events are POSTed: https, or http for hosts in WEBHOOK_ALLOWED_HOSTS",
    example: "https://example.com/hooks/sendwell",
  });

const ZEvents = z
  .array(ZWebhookEventType)
  .min(1, "Subscribe to at least one event type.")
  .transform((events) => [...new Set(events)])
  .meta({ description: "Event types to receive" });

export const ZWebhook = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    url: z.string(),
    events: z.array(z.string()),
    isActive: z.boolean(),
    consecutiveFailures: z.int().nonnegative().meta({ description: "Failed attempts since the last success" }),
    lastSuccessAt: ZTimestamp.nullable(),
    lastFailureAt: ZTimestamp.nullable(),
    disabledAt: ZTimestamp.nullable().meta({
      description: "Set when Sendwell turned the webhook off because it kept failing (null otherwise)",
    }),
    disabledReason: z.string().nullable(),
    previousSecretExpiresAt: ZTimestamp.nullable().meta({
      description: "After a rotation, until when the previous secret still signs alongside the new one",
    }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Webhook" });

export const ZWebhookWithSecret = ZWebhook.extend({
  secret: z.string().meta({
    description: "Signing secret (whsec_…). Returned only here: store it now, Sendwell cannot show it again.",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).meta({ id: "WebhookWithSecret" });

export const ZCreateWebhook = z
  .strictObject({
    url: ZUrl,
    events: ZEvents,
    isActive: z.boolean().optional().meta({ description: "Default true" }),
  })
  .meta({ id: "CreateWebhook" });

export const ZUpdateWebhook = z
  .strictObject({
    url: ZUrl.optional(),
    events: ZEvents.optional(),
    isActive: z.boolean().optional().meta({ description: "true re-enables and resets consecutiveFailures" }),
  })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.isActive !== undefined, {
    message: "Send url, events and/or isActive.",
  })
  .meta({ id: "UpdateWebhook", minProperties: 1 });

const deliveryTriggers = ["event", "redelivery", "test"] as const;

export const ZWebhookDelivery = z
  .object({
    id: ZUuid,
    webhookId: ZUuid,
    eventId: ZUuid.meta({ description: "Also sent as the x-service-event-id header: de-duplicate on it" }),
    eventType: z.string(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The JSON body that was sent" }),
    status: z.enum(["success", "failed"]),
    trigger: z.enum(deliveryTriggers).meta({
      description: "event: automatic (first try or a retry); redelivery: asked for; test: a test event",
    }),
    responseStatus: z.int().nullable().meta({ description: "HTTP status of the receiver; null when none came" }),
    responseBody: z.string().meta({ description: "First 64 KB of the receiver's reply" }),
    requestHeaders: z.record(z.string(), z.string()),
    responseHeaders: z.record(z.string(), z.string()),
    responseTimeMs: z.int().nonnegative(),
    error: z.string().nullable().meta({ description: "Why the attempt failed when no 2xx came back" }),
    attemptCount: z.int().positive().meta({ description: "Which attempt this was for its event (1 = first)" }),
    attemptedAt: ZTimestamp,
    deliveredAt: ZTimestamp.nullable().meta({ description: "Set on success" }),
    nextRetryAt: ZTimestamp.nullable().meta({
      description:
        "When the next automatic retry of this attempt is due, while one is scheduled; null once delivered, " +
        "when retries are spent, a later attempt was made, the webhook is disabled, and for test deliveries",
    }),
  })
  .meta({ id: "WebhookDelivery" });

export const ZListWebhooksQuery = z.object({ ...offsetQuery() });

export const ZListDeliveriesQuery = z.object({
  ...offsetQuery(),
  status: z.enum(["success", "failed"]).optional(),
  eventType: z.string().max(100).optional().meta({ example: "contact.created" }),
  since: ZDateTimeInput.optional().meta({
    description: "Only attempts made at or after this time",
    example: "2026-11-22T00:00:00Z",
  }),
});

export const ZDeliveryParams = z.object({ id: ZUuid, deliveryId: ZUuid });

export type Webhook = z.infer<typeof ZWebhook>;
export type WebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;
export type CreateWebhook = z.infer<typeof ZCreateWebhook>;
export type UpdateWebhook = z.infer<typeof ZUpdateWebhook>;
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export type ListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;
