// The workspace's deliverability rules as the settings page, the contact timeline and the broadcast report speak of
// them. The rules themselves are applied in one place (server/deliverability/apply-delivery-event.ts); this file
// holds their names, the soft-bounce limits' bounds and defaults, and the names of the event sources.
import { z } from "zod";

/** The rule that suppressed a contact (EmailEvent.rule, BroadcastRecipient.suppressedBy, timeline data.rule). */
export const SUPPRESSION_RULES = ["hard_bounce", "soft_bounces", "complaint"] as const;
export type SuppressionRule = (typeof SUPPRESSION_RULES)[number];

export const RULE_LABELS: Record<SuppressionRule, string> = {
  hard_bounce: "Hard bounce",
  soft_bounces: "Repeated soft bounces",
  complaint: "Spam complaint",
};

/** The soft-bounce rule's bounds and defaults (Workspace.softBounceLimit / softBounceWindowDays). */
export const SOFT_BOUNCE_LIMIT = { min: 1, max: 20, default: 3 } as const;
export const SOFT_BOUNCE_WINDOW_DAYS = { min: 1, max: 90, default: 15 } as const;

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

export const ZDeliverabilityRules = z.strictObject({
  softBounceLimit: whole("The number of soft bounces", SOFT_BOUNCE_LIMIT),
  softBounceWindowDays: whole("The number of days", SOFT_BOUNCE_WINDOW_DAYS),
});
export type DeliverabilityRules = z.infer<typeof ZDeliverabilityRules>;

/** Where a bounce or complaint came from (ContactBounce.source, timeline data.source). */
export const SOURCE_LABELS: Record<string, string> = {
  resend: "Resend",
  ses: "Amazon SES",
  postmark: "Postmark",
  sendgrid: "SendGrid",
  mailgun: "Mailgun",
  mailbox: "bounce mailbox",
};

/** "1st", "2nd", "3rd", "11th", "22nd"… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}
