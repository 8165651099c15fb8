// A workspace's sending settings (Settings → Sending): what every broadcast of the workspace starts from.
import { z } from "zod";
import { canonicalTimeZone, ZEmail } from "./contacts";

export const POSTAL_ADDRESS_MAX = 500;
export const SEND_RATE_MAX = 100_000;

/** Blank text clears an optional setting (null), as an emptied form field means. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => v || null);

export const ZSendingSettings = z.strictObject({
  postalAddress: optionalText(POSTAL_ADDRESS_MAX),
  defaultTimezone: z.string().transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone.trim());
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", message: "Choose a time zone from the list (an IANA name such as Europe/Paris)." });
    return z.NEVER;
  }),
  /** Messages per second; null (or a blank field) sends as fast as the transport takes them. */
  sendRatePerSecond: z
    .int("Must be a whole number of messages per second.")
    .min(1, "At least 1 message per second; leave it empty for no limit.")
    .max(SEND_RATE_MAX, `At most ${SEND_RATE_MAX.toLocaleString("en")} messages per second.`)
    .nullable(),
  defaultFromName: optionalText(100),
  defaultFromEmail: z.union([z.literal("").transform(() => null), ZEmail]).nullable(),
});

export type SendingSettingsInput = z.input<typeof ZSendingSettings>;
export type SendingSettings = {
  postalAddress: string | null;
  defaultTimezone: string;
  sendRatePerSecond: number | null;
  defaultFromName: string | null;
  defaultFromEmail: string | null;
};
