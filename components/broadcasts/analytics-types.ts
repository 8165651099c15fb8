// The shape of a broadcast's analytics as the API answers it (api-spec §2.7). The dashboard's panels take it
// structurally, so the tracking service's own type (lib/schemas/broadcast-analytics.ts) fits without a mapping.
export type AnalyticsStats = {
  sent: number;
  delivered: number;
  uniqueOpens: number;
  totalOpens: number;
  machineOpens: number;
  mppAffected: number;
  clicked: number;
  bounced: number;
  hardBounces: number;
  softBounces: number;
  unsubscribed: number;
  openRate: number;
  clickRate: number;
  clickToOpenRate: number;
  deliveryRate: number;
  hardBounceRate: number;
  unsubRate: number;
};

export type BroadcastAnalyticsView = {
  stats: AnalyticsStats;
  engagementOverTime: { hoursAfterSend: number; opens: number; clicks: number }[];
  deliveryFunnel: { stage: string; count: number }[];
  clicksByDevice: { device: string; count: number; pct: number }[];
  topLinks: { url: string; totalClicks: number; uniqueClicks: number }[];
};
