// How long a dashboard session lives (docs/team-and-accounts.md, "Sliding expiry"): at most 30 days after sign-in,
// and 7 days after it was last used. lastSeenAt is written at most once a minute, so a busy dashboard costs one write a minute, not one
// per request; the idle limit is therefore exact to within that minute.
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** How long an ended session stays on record (for a "your sessions" list) before it is deleted. */
export const ENDED_SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The sliding expiry: idle limit from the last use, never beyond the absolute limit from sign-in. */
export function sessionExpiry(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(Math.min(createdAt.getTime() + SESSION_MAX_AGE_MS, lastSeenAt.getTime() + SESSION_IDLE_MS));
}
