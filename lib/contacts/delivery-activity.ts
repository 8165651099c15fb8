// How a contact's timeline says what a bounce or complaint did (email.bounced / email.complained rows, written by
// server/deliverability/apply-delivery-event.ts with data { bounceType, source, rule?, softBounces?, windowDays?,
// detail? }). Rows written before the rules existed carry only bounceType and read as before.
import { ordinal, SOURCE_LABELS } from "@/lib/schemas/deliverability-rules";

export type DeliveryActivity = { summary: string; source: string | null; detail: string | null };

const text = (v: unknown) => (typeof v === "string" && v ? v : null);
const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);

export function describeDeliveryActivity(type: string, data: Record<string, unknown>): DeliveryActivity | null {
  if (type !== "email.bounced" && type !== "email.complained") return null;
  const rule = text(data.rule);
  const sourceKey = text(data.source);
  const source = sourceKey ? (SOURCE_LABELS[sourceKey] ?? sourceKey) : null;
  const detail = text(data.detail);
  if (type === "email.complained") {
    const summary = rule ? "Marked as spam — unsubscribed and suppressed" : "Marked as spam";
    return { summary, source, detail };
  }
  if (data.bounceType === "hard") {
    const summary = rule ? "Hard bounce — suppressed by the hard-bounce rule" : "Hard bounce";
    return { summary, source, detail };
  }
  const n = count(data.softBounces);
  const days = count(data.windowDays);
  const counted = n && days ? `${ordinal(n)} soft bounce in ${days} ${days === 1 ? "day" : "days"}` : "Soft bounce";
  return { summary: rule ? `${counted} — suppressed` : counted, source, detail };
}
