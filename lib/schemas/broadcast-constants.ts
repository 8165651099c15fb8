// Broadcast enums and limits as plain values for the browser, without the zod schemas (and the block sanitizer)
// lib/schemas/broadcasts.ts brings; it re-exports them.
export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export const AUDIENCE_TYPES = ["all", "segments", "tags"] as const;
export const BROADCAST_SORTS = ["createdAt", "updatedAt", "name", "scheduledAt", "sentCount"] as const;
export const AB_WINNER_METRICS = ["opens", "clicks"] as const;
export const MAX_TEST_EMAILS = 5;
