// What Settings → Deliverability shows of the server's bounce mailbox: its settings as the environment gives them
// (never the password), the server-wide bounce domain, and what the worker's last polls did. Server-wide (one mailbox
// serves every workspace), so it names no workspace's data.
import { bounceMailboxSettings, viewOf, type BounceMailboxView } from "@/server/deliverability/bounce-mailbox-config";
import { readMailboxStatus } from "@/server/deliverability/bounce-mailbox-status";

export type BounceMailboxStatusView = {
  processed: number;
  applied: number;
  unrecognised: number;
  lastPollAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
};

export type BounceMailboxCardData = {
  state: "off" | "error" | "on";
  /** The settings' mistake (state "error"), in words. */
  settingsError: string | null;
  mailbox: BounceMailboxView | null;
  /** BOUNCE_DOMAIN as set: the return paths of mail from domains without their own bounce MX. */
  bounceDomain: string | null;
  status: BounceMailboxStatusView | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function getBounceMailboxStatus(
  env: Record<string, string | undefined> = process.env,
): Promise<BounceMailboxCardData> {
  const settings = bounceMailboxSettings(env);
  const row = settings.state === "off" ? null : await readMailboxStatus();
  return {
    state: settings.state,
    settingsError: settings.state === "error" ? settings.error : null,
    mailbox: settings.state === "on" ? viewOf(settings.config) : null,
    bounceDomain: env.BOUNCE_DOMAIN?.trim().toLowerCase() || null,
    status: row && {
      processed: row.processed,
      applied: row.applied,
      unrecognised: row.unrecognised,
      lastPollAt: iso(row.lastPollAt),
      lastSuccessAt: iso(row.lastSuccessAt),
      lastError: row.lastError,
      lastErrorAt: iso(row.lastErrorAt),
    },
  };
}
