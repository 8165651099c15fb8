// Reading the two import targets that are not plain text: a subscription status in the spellings people put in
// spreadsheets, and a cell listing tag names. Pure and client-safe (the mapping step could preview them).

/** Longest tag name, as the tags API allows. */
export const TAG_NAME_MAX = 100;

const SUBSCRIBED = new Set(["subscribed", "subscribe", "yes", "y", "true", "1", "optedin", "optin", "on", "active"]);
const UNSUBSCRIBED = new Set(["unsubscribed", "unsubscribe", "no", "n", "false", "0", "optedout", "optout", "off"]);

/** "Opted in", "YES", "1" → subscribed; "opted-out", "false", "0" → unsubscribed; anything else → null. */
export function parseSubscriptionStatus(value: string): "subscribed" | "unsubscribed" | null {
  const key = value.toLowerCase().replace(/[\s_-]+/g, "");
  if (SUBSCRIBED.has(key)) return "subscribed";
  if (UNSUBSCRIBED.has(key)) return "unsubscribed";
  return null;
}

/**
 * "VIP; newsletter, vip" → ["VIP", "newsletter"]: split on commas and semicolons, trimmed, blanks dropped, repeats
 * (ignoring case, as tag names are unique ignoring case) kept once. Names longer than TAG_NAME_MAX come back apart.
 */
export function splitTagNames(value: string): { names: string[]; tooLong: string[] } {
  const names: string[] = [];
  const tooLong: string[] = [];
  const seen = new Set<string>();
  for (const part of value.split(/[,;]/)) {
    const name = part.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    (name.length > TAG_NAME_MAX ? tooLong : names).push(name);
  }
  return { names, tooLong };
}
