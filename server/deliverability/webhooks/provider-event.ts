// What every provider's webhook parser hands to the use case (server/services/deliverability/receive-webhook.ts):
// delivery events as applyDeliveryEvent takes them, still to be matched. A provider event names our message by the
// recipient token we asked it to echo (echo-headers.ts), else by a message id; the use case tries them in order.
import type { DeliveryEvent } from "@/server/deliverability/apply-delivery-event";

export type ProviderEvent = Omit<DeliveryEvent, "match" | "workspaceId"> & {
  /** Our recipient token as the provider echoed it (checked by readRecipientToken: a forged one matches nothing). */
  token: string | null;
  /** Message ids to look for in BroadcastRecipient.providerMessageId, most specific first. */
  messageIds: string[];
};

/** A verified body, or why it was refused (the route answers the status as a problem). */
export type Verified<T> = { ok: true; value: T } | { ok: false; status: 400 | 401; detail: string };

export const refuse = (status: 400 | 401, detail: string): Verified<never> => ({ ok: false, status, detail });

export const text = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
export const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A diagnostic as applyDeliveryEvent stores it: parts that exist, joined, at most 1,000 characters. */
export function detailOf(...parts: unknown[]): string | null {
  const joined = parts
    .filter((p): p is string | number => (typeof p === "string" && p.trim() !== "") || typeof p === "number")
    .map((p) => String(p).trim())
    .join(" ")
    .replace(/\s+/g, " ");
  return joined ? joined.slice(0, 1_000) : null;
}

/**
 * The message ids an event names, each once (applyDeliveryEvent looks an id up with and without its angle brackets:
 * our SMTP transport stores nodemailer's "<id@host>", providers report it either way).
 */
export function messageIdForms(...ids: unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const raw = text(id)?.trim();
    const bare = raw?.replace(/^<(.*)>$/, "$1");
    if (!raw || !bare || raw.length > 998 || seen.has(bare)) continue;
    seen.add(bare);
    out.push(raw);
  }
  return out;
}

/** JSON.parse that answers null instead of throwing (bodies come from strangers until verified). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
