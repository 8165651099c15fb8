// Shapes the broadcast report and the dashboard home read from their services: plain types, so client components
// can use them without importing server code.

import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";

/** An A/B broadcast's figures (the same body as the API's stats.abTest: one schema, lib/schemas/broadcast-analytics.ts). */
export type { AbTestStats as VariantStats, VariantResult } from "@/lib/schemas/broadcast-analytics";

export type RecentBroadcast = {
  id: string;
  name: string;
  status: BroadcastStatus;
  paused: boolean;
  sentAt: string | null;
  sendStartedAt: string | null;
  scheduledAt: string | null;
  updatedAt: string;
  sent: number;
  openRate: number;
  clickRate: number;
};

export type GrowthDay = {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** Subscribed contacts at the end of the day. */
  subscribed: number;
  /** Contacts created that day, whatever their status. */
  added: number;
  unsubscribed: number;
};

export type AudienceGrowth = { days: GrowthDay[]; subscribedNow: number; totalContacts: number };

export type RecentSubmission = {
  id: string;
  formId: string;
  formName: string;
  email: string;
  contactId: string;
  submittedAt: string;
};
