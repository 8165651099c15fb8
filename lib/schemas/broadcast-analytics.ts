// The bodies of GET /broadcasts/{id}/stats and /analytics (api-spec §2.7), both unwrapped like every broadcast
// response. Rates are percentages with two decimals, 0 when their denominator is 0.
import { z } from "zod";
import { ZBroadcastStatus } from "./broadcasts";
import { ZTimestamp } from "./common";

const count = (description: string) => z.int().nonnegative().meta({ description });
const rate = (description: string) =>
  z
    .number()
    .min(0)
    .meta({ description: `${description} (percent, 2 decimals)` });

const ZCounts = {
  sent: count("Messages handed to the email provider"),
  delivered: count(
    "Delivered messages: confirmed by Resend's webhooks; with the outbox and SMTP, every message stored or accepted by the server",
  ),
  uniqueOpens: count(
    "Recipients who opened, by a person or Apple Mail Privacy Protection (never a machine). A recipient who clicked a link counts as opened even if the tracking pixel never loaded (images off), so clicked ≤ uniqueOpens",
  ),
  totalOpens: count(
    "Every open, machine opens included, plus one implied open per recipient whose first click came before any pixel open",
  ),
  machineOpens: count("Opens by scanners, bots and prefetching within 2 s of the send"),
  mppAffected: count("Recipients with an open by Apple Mail Privacy Protection's proxy"),
  clicked: count("Recipients who clicked a link (machines' clicks excluded; they imply no open either)"),
  bounced: count("Recipients whose email bounced (hardBounces + softBounces)"),
  hardBounces: count("Permanent bounces: the contact is suppressed"),
  softBounces: count("Temporary bounces"),
  unsubscribed: count("Recipients who unsubscribed through this email"),
};

export const ZBroadcastAnalyticsStats = z
  .object({
    ...ZCounts,
    openRate: rate("uniqueOpens / (sent − bounced)"),
    clickRate: rate("clicked / (sent − bounced)"),
    clickToOpenRate: rate("clicked / uniqueOpens (at most 100: a click implies an open)"),
    deliveryRate: rate("delivered / sent"),
    hardBounceRate: rate("hardBounces / sent"),
    unsubRate: rate("unsubscribed / (sent − bounced)"),
  })
  .meta({ id: "BroadcastAnalyticsStats" });

export const ZBroadcastAnalytics = z
  .object({
    stats: ZBroadcastAnalyticsStats,
    engagementOverTime: z
      .array(
        z.object({
          hoursAfterSend: z.int().nonnegative(),
          opens: z.int().nonnegative(),
          clicks: z.int().nonnegative(),
        }),
      )
      .meta({
        description:
          "Human opens (people and Apple MPP, and the open a click implies when no pixel open came before it) and human clicks by whole hours between each recipient's send and the hit, every hour from 0 to the last one with activity",
      }),
    deliveryFunnel: z
      .array(z.object({ stage: z.enum(["Sent", "Delivered", "Opened", "Clicked"]), count: z.int().nonnegative() }))
      .meta({ description: "Sent, Delivered (confirmed), Opened (uniqueOpens), Clicked (clicked), in that order" }),
    clicksByDevice: z
      .array(
        z.object({ device: z.string().meta({ example: "Mobile" }), count: z.int().nonnegative(), pct: z.number() }),
      )
      .meta({
        description: "Human clicks by device (Desktop, Mobile, Tablet, Other), most first; pct of all human clicks",
      }),
    topLinks: z
      .array(z.object({ url: z.string(), totalClicks: z.int().nonnegative(), uniqueClicks: z.int().nonnegative() }))
      .meta({ description: "Up to 10 links by human clicks; uniqueClicks counts each recipient once per link" }),
  })
  .meta({ id: "BroadcastAnalytics" });

const ZVariantResult = z
  .object({
    id: z.string().meta({ description: "The variant's id" }),
    subject: z.string(),
    recipients: count("Recipients given this variant"),
    sent: count("Of them, messages sent"),
    uniqueOpens: count("Of them, recipients who opened (a click implies an open)"),
    openRate: rate("uniqueOpens / (sent − bounced)"),
    clicked: count("Of them, recipients who clicked"),
    clickRate: rate("clicked / (sent − bounced)"),
  })
  .meta({ id: "BroadcastVariantResult" });

export const ZAbTestStats = z
  .object({
    variants: z.array(ZVariantResult).meta({
      description:
        "Each variant's results among the test group only, in the broadcast's order (the winner's send to the rest is winnerSend)",
    }),
    held: count("Recipients of the rest of the audience still waiting for the winner"),
    winnerSend: ZVariantResult.nullable().meta({
      description:
        "The winner's send to the rest of the audience (id and subject of the winning variant); null until a winner is chosen",
    }),
    winner: z.string().nullable().meta({ description: "The winning variant's id, null until chosen" }),
    winnerAt: ZTimestamp.nullable(),
    metric: z
      .enum(["opens", "clicks"])
      .nullable()
      .meta({ description: "Automatic choice by opens or clicks; null when the winner is picked by hand" }),
    afterMinutes: z.int().nullable().meta({ description: "Minutes after the test went out for the automatic choice" }),
  })
  .meta({ id: "BroadcastAbTestStats" });

export const ZBroadcastStatsBody = z
  .object({
    broadcastId: z.uuid(),
    status: ZBroadcastStatus,
    recipientCount: count("Recipients the send was fanned out to (0 before sending starts)"),
    ...ZCounts,
    failed: count("Recipients the provider refused, or skipped (unsubscribed or deleted after the fan-out)"),
    pending: count("Recipients not yet sent nor failed"),
    humanOpens: count("totalOpens − machineOpens"),
    totalClicks: count("Every human click"),
    complained: count("Recipients who marked the email as spam: the contact is suppressed"),
    openRate: rate("uniqueOpens / (sent − bounced)"),
    clickRate: rate("clicked / (sent − bounced)"),
    clickToOpenRate: rate("clicked / uniqueOpens (at most 100: a click implies an open)"),
    deliveryRate: rate("delivered / sent"),
    bounceRate: rate("bounced / sent"),
    complaintRate: rate("complained / (sent − bounced)"),
    unsubRate: rate("unsubscribed / (sent − bounced)"),
    abTest: ZAbTestStats.nullable().meta({
      description: "The A/B test's figures; null for a broadcast without variants",
    }),
  })
  .meta({ id: "BroadcastStats" });

export type BroadcastAnalyticsStats = z.infer<typeof ZBroadcastAnalyticsStats>;
export type BroadcastAnalytics = z.infer<typeof ZBroadcastAnalytics>;
export type BroadcastStatsBody = z.infer<typeof ZBroadcastStatsBody>;
export type VariantResult = z.infer<typeof ZVariantResult>;
export type AbTestStats = z.infer<typeof ZAbTestStats>;
