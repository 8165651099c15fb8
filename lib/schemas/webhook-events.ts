// The webhook event catalog: every type a webhook can subscribe to, with the shape of its `data`. One list for the
// API's validation, the OpenAPI `webhooks` section and the dashboard's checkboxes. A new event type is one entry here.
import { z } from "zod";

const contactId = z.uuid().meta({ description: "The contact's id" });
const email = z.email().meta({ description: "The contact's email address (removed once the contact is deleted)" });
const broadcastId = z.uuid().meta({ description: "The broadcast's id" });
const broadcastName = z.string().meta({ description: "The broadcast's name at the time of the event" });
const tagId = z.uuid().meta({ description: "The tag's id" });
const automationRun = {
  automationId: z.uuid().meta({ description: "The automation's id" }),
  automationName: z.string().meta({ description: "The automation's name at the time of the event" }),
  runId: z.string().meta({ description: "The run's id: one contact's pass through the automation (an enrolment)" }),
  contactId,
  email,
};
// Names travel with ids so a receiver needs no API call to show them; they are the names at the time of the event.
const tagName = z.string().meta({ description: "The tag's name when the event happened (it may be renamed later)" });

export const webhookEventCatalog = {
  "contact.created": {
    summary: "A contact was added (API, dashboard, import or form).",
    data: z.object({ contactId, email }),
  },
  "contact.updated": {
    summary: "A contact's email, name, status, time zone or custom fields changed.",
    data: z.object({
      contactId,
      email,
      changed: z.array(z.string()).meta({ description: 'Changed fields, e.g. "firstName" or "fields.plan"' }),
    }),
  },
  "contact.unsubscribed": {
    summary: "A contact's status became unsubscribed.",
    data: z.object({ contactId, email }),
  },
  "contact.deleted": {
    summary: "A contact was erased (GDPR delete). Only the id is sent.",
    data: z.object({ contactId }),
  },
  "contact.tag_added": {
    summary: "A tag was put on a contact.",
    data: z.object({ contactId, tagId, tagName }),
  },
  "contact.tag_removed": {
    summary: "A tag was taken off a contact.",
    data: z.object({ contactId, tagId, tagName }),
  },
  "form.submitted": {
    summary: "A sign-up form was submitted.",
    data: z.object({
      formId: z.uuid(),
      formName: z.string().meta({ description: "The form's name when it was submitted" }),
      submissionId: z.uuid(),
      contactId: contactId.nullable(),
      email,
    }),
  },
  "broadcast.scheduled": {
    summary: "A broadcast was scheduled.",
    data: z.object({ broadcastId, broadcastName, scheduledAt: z.iso.datetime() }),
  },
  "broadcast.sending": {
    summary: "A broadcast started sending.",
    data: z.object({ broadcastId, broadcastName }),
  },
  "broadcast.sent": {
    summary: "A broadcast finished sending.",
    data: z.object({ broadcastId, broadcastName, recipientCount: z.int().nonnegative() }),
  },
  "email.delivered": {
    summary: "The recipient's mail server accepted an email (reported by the email provider).",
    data: z.object({ broadcastId, contactId, email }),
  },
  "email.opened": {
    summary:
      "A recipient opened an email for the first time (once per recipient and broadcast). Opens by scanners and prefetching machines never count; Apple Mail Privacy Protection opens do, with class mpp. A person's click with no open before it (images off) implies the open: it is sent then, with class human.",
    data: z.object({
      broadcastId,
      contactId,
      email,
      class: z.enum(["human", "mpp"]).meta({
        description: "human, or mpp when Apple Mail Privacy Protection's proxy fetched the pixel",
      }),
    }),
  },
  "email.clicked": {
    summary: "A recipient clicked a link in an email (every human click; scanners' clicks are not sent).",
    data: z.object({ broadcastId, contactId, email, url: z.url() }),
  },
  "email.bounced": {
    summary: "An email to a contact bounced.",
    data: z.object({
      broadcastId: broadcastId.nullable(),
      contactId: contactId.nullable(),
      email,
      bounceType: z.enum(["hard", "soft"]),
      rule: z
        .enum(["hard_bounce", "soft_bounces"])
        .optional()
        .meta({
          description:
            "The deliverability rule that suppressed the contact on this bounce: hard_bounce, or soft_bounces (the " +
            "workspace's limit of soft bounces within its window was reached). Absent when no rule acted.",
        }),
      detail: z.string().optional().meta({ description: "The status code and diagnostic the report gave" }),
    }),
  },
  "email.complained": {
    summary: "A recipient marked an email as spam.",
    data: z.object({
      broadcastId: broadcastId.nullable(),
      contactId: contactId.nullable(),
      email,
      rule: z.literal("complaint").optional().meta({
        description: "Present when the complaint unsubscribed and suppressed the contact (the complaint rule)",
      }),
    }),
  },
  "automation.enrolled": {
    summary: "A contact entered an automation (its trigger, or an enrolment through the API).",
    data: z.object({
      ...automationRun,
      stepId: z.string().meta({ description: "The first step, where the contact starts" }),
    }),
  },
  "automation.completed": {
    summary: "A contact reached the end of an automation's path.",
    data: z.object({
      ...automationRun,
      stepId: z.string().nullish().meta({ description: "The last step the contact took" }),
      converted: z.boolean().meta({ description: "Whether they reached a goal on the way" }),
    }),
  },
  "automation.exited": {
    summary:
      "A contact left an automation early: unsubscribed, bounced, complained, removed, archived, step_removed or failed.",
    data: z.object({
      ...automationRun,
      stepId: z.string().nullish().meta({ description: "The step they were at" }),
      reason: z.string().meta({
        description:
          "unsubscribed, bounced, complained, removed (through the API or the dashboard), archived (the " +
          "automation was), step_removed (an edit removed their step), failed (a step kept failing)",
      }),
      converted: z.boolean().nullish(),
    }),
  },
  "automation.webhook": {
    summary: "An automation's “Emit a webhook event” step ran for a contact.",
    data: z.object({
      ...automationRun,
      stepId: z.string().meta({ description: "The emit_webhook step" }),
      label: z.string().meta({ description: "The step's label, chosen in the builder" }),
    }),
  },
} as const;

export type WebhookEventType = keyof typeof webhookEventCatalog;
export const webhookEventTypes = Object.keys(webhookEventCatalog) as [WebhookEventType, ...WebhookEventType[]];

/** What `POST /webhooks/{id}/test` sends: never fanned out from the Event log, never retried. */
export const TEST_EVENT_TYPE = "webhook.test";
export const ZTestEventData = z.object({
  webhookId: z.uuid(),
  message: z.string().meta({ example: "A test event from Sendwell. Verify its signature and answer with any 2xx." }),
});
