// Broadcast enums and limits as plain values for the browser, without the zod schemas (and the block sanitizer)
// lib/schemas/broadcasts.ts brings; it re-exports them.
// The one list of broadcast statuses (the Prisma enum's values: server/broadcasts/state.test.ts checks they agree).
export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
/**
 * The fields of a broadcast its draft edits: what the composer's autosave sends (lib/composer/draft.ts) and what an
 * update writes (server/services/broadcasts/write-fields.ts). Everything else moves only with the broadcast's status.
 */
export const BROADCAST_DRAFT_FIELDS = [
  "name",
  "subject",
  "previewText",
  "fromName",
  "fromEmail",
  "replyTo",
  "audienceType",
  "audienceFilter",
  "blocks",
  "theme",
  "footerStyles",
  "variants",
  "abTestPercent",
  "abWinnerMetric",
  "abWinnerAfterMinutes",
] as const;
export const AUDIENCE_TYPES = ["all", "segments", "tags"] as const;
export const BROADCAST_SORTS = ["createdAt", "updatedAt", "name", "scheduledAt", "sentCount"] as const;
export const AB_WINNER_METRICS = ["opens", "clicks"] as const;
export const MAX_TEST_EMAILS = 5;
