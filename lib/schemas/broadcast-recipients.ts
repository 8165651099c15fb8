// Who a broadcast went to, and what each of them did: the report's recipient list, its CSV export and the
// clickers of one link (server/services/broadcasts/list-broadcast-recipients.ts).
import { z } from "zod";
import { cursorQuery, ZTimestamp } from "./common";
import { SUPPRESSION_RULES } from "./deliverability-rules";

/** The list's filters: each is "did this" (an opener who also clicked is in both opened and clicked). */
export const RECIPIENT_FILTERS = [
  "delivered",
  "opened",
  "not_opened",
  "clicked",
  "bounced",
  "unsubscribed",
  "complained",
  "suppressed",
  "failed",
  "pending",
] as const;
export type RecipientFilter = (typeof RECIPIENT_FILTERS)[number];

/** A recipient's most telling state, the latest step first: what the report's status column shows. */
export const RECIPIENT_STATES = [
  "complained",
  "unsubscribed",
  "bounced",
  "clicked",
  "opened",
  "delivered",
  "sent",
  "failed",
  "pending",
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const ZRecipientListFilter = z.object({
  status: z
    .enum(RECIPIENT_FILTERS)
    .optional()
    .meta({
      description:
        "Only recipients who did this (opened includes those who only clicked: a click implies an open); suppressed: " +
        "those whose bounce or complaint on this email made a deliverability rule suppress the contact",
    }),
  search: z.string().trim().max(200).optional().meta({ description: "Part of the address or the contact's name" }),
  url: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "Only recipients who clicked this link (a top link's url)" }),
});
export type RecipientListFilter = z.infer<typeof ZRecipientListFilter>;

export const ZRecipientListQuery = ZRecipientListFilter.extend(cursorQuery(50));

export const ZBroadcastRecipient = z
  .object({
    id: z.string().meta({ description: "The recipient's id (one per broadcast and contact)" }),
    email: z.string(),
    name: z.string().nullable().meta({ description: "The contact's first and last name; null if none or erased" }),
    contactId: z.uuid().nullable().meta({ description: "Null once the contact was deleted" }),
    variantId: z.string().nullable().meta({ description: "A/B variant received; null without variants or while held" }),
    state: z.enum(RECIPIENT_STATES),
    sentAt: ZTimestamp.nullable(),
    deliveredAt: ZTimestamp.nullable(),
    openedAt: ZTimestamp.nullable(),
    clickedAt: ZTimestamp.nullable(),
    bouncedAt: ZTimestamp.nullable(),
    bounceType: z.enum(["hard", "soft"]).nullable(),
    unsubscribedAt: ZTimestamp.nullable(),
    complainedAt: ZTimestamp.nullable(),
    suppressedBy: z
      .enum(SUPPRESSION_RULES)
      .nullable()
      .meta({
        description:
          "The deliverability rule that suppressed the contact on this email's bounce or complaint: hard_bounce, " +
          "soft_bounces (the workspace's limit of soft bounces within its window) or complaint; null when none did",
      }),
    opens: z.int().nonnegative().meta({ description: "Human opens (a click with no open before it counts as one)" }),
    clicks: z.int().nonnegative().meta({ description: "Human clicks" }),
    error: z.string().nullable().meta({ description: "Why sending failed" }),
  })
  .meta({ id: "BroadcastRecipient" });
export type BroadcastRecipientRow = z.infer<typeof ZBroadcastRecipient>;

export const ZBroadcastRecipientPage = z.object({
  data: z.array(ZBroadcastRecipient),
  nextCursor: z.string().nullable(),
});
export type BroadcastRecipientPage = z.infer<typeof ZBroadcastRecipientPage>;
