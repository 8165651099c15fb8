// The one query-key factory of the dashboard. Keys start with the workspace id so switching workspaces never
// shows another workspace's cached rows.
import type { ContactStatus } from "@/lib/schemas/contacts";

export type TagListParams = { page: number; limit: number; search: string };
export type ContactListParams = {
  search: string;
  status: ContactStatus | "";
  tagId: string;
  segmentId: string;
  cursor: string | null;
  limit: number;
};
export type SegmentListParams = { page: number; limit: number };
export type WebhookListParams = { page: number; limit: number };
export type DeliveryListParams = {
  page: number;
  limit: number;
  status: "success" | "failed" | "";
  eventType: string;
  /** ISO timestamp, or "" for all time. */
  since: string;
};

export type OutboxListParams = { page: number; limit: number; search: string; kind: string };
export type BroadcastListParams = { page: number; limit: number; search: string; status: string; archived: boolean };
export type FormListParams = {
  page: number;
  limit: number;
  search: string;
  status: string;
  type: string;
  sortBy: string;
  order: string;
  from: string;
  to: string;
};

export type AutomationListParams = { page: number; limit: number; search: string; status: string };

export const queryKeys = {
  tags: {
    all: (workspaceId: string) => ["workspace", workspaceId, "tags"] as const,
    lists: (workspaceId: string) => [...queryKeys.tags.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: TagListParams) => [...queryKeys.tags.lists(workspaceId), params] as const,
    /** Every tag, for pickers and filters (under `all`, so the tags page's mutations refresh it). */
    options: (workspaceId: string) => [...queryKeys.tags.all(workspaceId), "options"] as const,
  },
  apiKeys: {
    all: (workspaceId: string) => ["workspace", workspaceId, "api-keys"] as const,
  },
  contacts: {
    all: (workspaceId: string) => ["workspace", workspaceId, "contacts"] as const,
    lists: (workspaceId: string) => [...queryKeys.contacts.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: ContactListParams) =>
      [...queryKeys.contacts.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.contacts.all(workspaceId), "detail", id] as const,
    activity: (workspaceId: string, id: string) => [...queryKeys.contacts.all(workspaceId), "activity", id] as const,
  },
  customFields: {
    all: (workspaceId: string) => ["workspace", workspaceId, "custom-fields"] as const,
  },
  segments: {
    all: (workspaceId: string) => ["workspace", workspaceId, "segments"] as const,
    lists: (workspaceId: string) => [...queryKeys.segments.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: SegmentListParams) =>
      [...queryKeys.segments.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.segments.all(workspaceId), "detail", id] as const,
    /** Every segment, for the contacts table's filter. */
    options: (workspaceId: string) => [...queryKeys.segments.all(workspaceId), "options"] as const,
    /** Keyed by the serialised rules, so going back to an earlier rule set shows its count at once. */
    preview: (workspaceId: string, rules: string) =>
      [...queryKeys.segments.all(workspaceId), "preview", rules] as const,
  },
  imports: {
    detail: (workspaceId: string, id: string) => ["workspace", workspaceId, "imports", id] as const,
  },
  webhooks: {
    all: (workspaceId: string) => ["workspace", workspaceId, "webhooks"] as const,
    lists: (workspaceId: string) => [...queryKeys.webhooks.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: WebhookListParams) =>
      [...queryKeys.webhooks.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.webhooks.all(workspaceId), "detail", id] as const,
    /** Every page and filter of one webhook's delivery log, for invalidation after a test or a redelivery. */
    deliveries: (workspaceId: string, id: string) =>
      [...queryKeys.webhooks.all(workspaceId), "deliveries", id] as const,
    deliveryList: (workspaceId: string, id: string, params: DeliveryListParams) =>
      [...queryKeys.webhooks.deliveries(workspaceId, id), params] as const,
  },
  outbox: {
    all: (workspaceId: string) => ["workspace", workspaceId, "outbox"] as const,
    list: (workspaceId: string, params: OutboxListParams) =>
      [...queryKeys.outbox.all(workspaceId), "list", params] as const,
  },
  broadcasts: {
    all: (workspaceId: string) => ["workspace", workspaceId, "broadcasts"] as const,
    lists: (workspaceId: string) => [...queryKeys.broadcasts.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: BroadcastListParams) =>
      [...queryKeys.broadcasts.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.broadcasts.all(workspaceId), "detail", id] as const,
    stats: (workspaceId: string, id: string) => [...queryKeys.broadcasts.all(workspaceId), "stats", id] as const,
    analytics: (workspaceId: string, id: string) =>
      [...queryKeys.broadcasts.all(workspaceId), "analytics", id] as const,
    /** A page of a report's recipient table: its filter, search, link and cursor. */
    recipients: (workspaceId: string, id: string, params: Record<string, string | undefined>) =>
      [...queryKeys.broadcasts.all(workspaceId), "recipients", id, params] as const,
    /** The composer's live recipient count, keyed by the serialised audience (going back shows its count at once). */
    audienceCount: (workspaceId: string, audience: string) =>
      [...queryKeys.broadcasts.all(workspaceId), "audience-count", audience] as const,
    /** The send checklist's merge-tag warning, keyed by the serialised audience and merge keys. */
    missingMergeValues: (workspaceId: string, question: string) =>
      [...queryKeys.broadcasts.all(workspaceId), "missing-merge-values", question] as const,
  },
  /** The workspace's saved broadcast templates (the start page and "Save as template"). */
  broadcastTemplates: {
    all: (workspaceId: string) => ["workspace", workspaceId, "broadcast-templates"] as const,
  },
  forms: {
    all: (workspaceId: string) => ["workspace", workspaceId, "forms"] as const,
    lists: (workspaceId: string) => [...queryKeys.forms.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: FormListParams) => [...queryKeys.forms.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.forms.all(workspaceId), "detail", id] as const,
    submissions: (workspaceId: string, id: string) => [...queryKeys.forms.all(workspaceId), "submissions", id] as const,
    analytics: (workspaceId: string, id: string) => [...queryKeys.forms.all(workspaceId), "analytics", id] as const,
  },
  automations: {
    all: (workspaceId: string) => ["workspace", workspaceId, "automations"] as const,
    lists: (workspaceId: string) => [...queryKeys.automations.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: AutomationListParams) =>
      [...queryKeys.automations.lists(workspaceId), params] as const,
    detail: (workspaceId: string, id: string) => [...queryKeys.automations.all(workspaceId), "detail", id] as const,
    /** The report's figures over a range of days. */
    report: (workspaceId: string, id: string, days: number) =>
      [...queryKeys.automations.detail(workspaceId, id), "report", days] as const,
    /** A page of a report's enrolments table: its filters and cursor. */
    enrolments: (workspaceId: string, id: string, params: Record<string, string | undefined>) =>
      [...queryKeys.automations.detail(workspaceId, id), "enrolments", params] as const,
    /** The automations one contact is or was in (the contact page), refreshed by enrolling or removing them. */
    ofContact: (workspaceId: string, contactId: string) =>
      [...queryKeys.automations.all(workspaceId), "contact", contactId] as const,
  },
};
