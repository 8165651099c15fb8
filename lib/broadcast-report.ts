// Shapes the broadcast report and the dashboard home read from their services: plain types, so client components
// can use them without importing server code.

/** One A/B variant's results: its recipients (the held rest of the audience joins the winner once it is chosen). */
export type VariantResult = {
  id: string;
  subject: string;
  recipients: number;
  sent: number;
  uniqueOpens: number;
  /** uniqueOpens / (sent − bounced), percent with two decimals, as the broadcast's own open rate. */
  openRate: number;
  clicked: number;
  clickRate: number;
};

export type VariantStats = {
  variants: VariantResult[];
  /** Recipients waiting for the winner (no variant yet). */
  held: number;
  winner: string | null;
  winnerAt: string | null;
  /** Automatic choice: "opens" or "clicks" after `afterMinutes`; null when the winner is picked by hand. */
  metric: "opens" | "clicks" | null;
  afterMinutes: number | null;
};

export type RecentBroadcast = {
  id: string;
  name: string;
  status: "draft" | "scheduled" | "sending" | "sent";
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
