// What the Send-now confirmation says will happen: how many contacts get the email and, for an A/B test, the test
// share, how many get each variant now and what the rest get, from the same split rule as the fan-out
// (lib/ab-split.ts), so the numbers stated are the numbers sent.
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { abSplit } from "@/lib/ab-split";
import { formatNumber } from "@/lib/format";
import { splitDelay } from "@/features/composer/model/ab-test";

type AbSettings = Pick<Broadcast, "variants" | "abTestPercent" | "abWinnerMetric" | "abWinnerAfterMinutes">;

/** Variants as the marketer sees them: A, B, C… in the broadcast's order. */
const letter = (i: number) => String.fromCharCode(65 + i);

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? "" : "s"}`;

function delayText(minutes: number): string {
  const { amount, unit } = splitDelay(minutes);
  return `${formatNumber(amount)} ${amount === 1 ? unit.replace(/s$/, "") : unit}`;
}

/**
 * The A/B part of the confirmation, e.g. "40 % test: 28 get A, 28 get B now; the other 84 get the winner, chosen by
 * opens after 4 hours." Null for a broadcast without variants.
 */
export function abSendSummary(recipientCount: number, b: AbSettings): string | null {
  if (b.variants.length === 0) return null;
  const percent = b.abTestPercent ?? 100;
  const { perVariant, rest } = abSplit(recipientCount, percent, b.variants.length);
  const now = perVariant.map((n, i) => `${formatNumber(n)} get ${letter(i)}`).join(", ");
  const choice =
    b.abWinnerMetric && b.abWinnerAfterMinutes
      ? `chosen by ${b.abWinnerMetric} after ${delayText(b.abWinnerAfterMinutes)}`
      : "once you pick it on the report";
  return `${percent} % test: ${now} now; the other ${formatNumber(rest)} get the winner, ${choice}.`;
}

/** The whole confirmation text. */
export function sendNowDescription(recipientCount: number, b: AbSettings, scheduled: boolean): string {
  const ab = abSendSummary(recipientCount, b);
  return [
    `It goes to ${plural(recipientCount, "subscribed contact")}${scheduled ? " now instead of at its scheduled time" : ""}.`,
    ab,
    "A sent email cannot be called back; you can pause the send while it runs.",
  ]
    .filter(Boolean)
    .join(" ");
}
