// The bounce mailbox's settings (README, Deliverability → "Bounces from SMTP"), read from BOUNCE_IMAP_*: none set is
// "off"; a wrong or missing one is an error the status card and the worker's log say in words, never a crash.

export type ImapTls = "implicit" | "starttls" | "none";

export type BounceMailboxConfig = {
  host: string;
  port: number;
  tls: ImapTls;
  user: string;
  pass: string;
  /** The folder bounces arrive in (INBOX). */
  mailbox: string;
  /** What happens to a message once applied or ignored: deleted, or moved to Sendwell/Processed. */
  after: "delete" | "move";
  pollMs: number;
};

/** What the settings page may show: never the password. */
export type BounceMailboxView = Omit<BounceMailboxConfig, "pass" | "pollMs"> & { pollSeconds: number };

export type BounceMailboxSettings =
  { state: "off" } | { state: "error"; error: string } | { state: "on"; config: BounceMailboxConfig };

/** Where messages go after reading (created when missing), as path parts (the server's delimiter joins them). */
export const PROCESSED_FOLDER = ["Sendwell", "Processed"];
export const UNRECOGNISED_FOLDER = ["Sendwell", "Unrecognised"];

export function bounceMailboxSettings(env: Record<string, string | undefined> = process.env): BounceMailboxSettings {
  const value = (name: string) => env[`BOUNCE_IMAP_${name}`]?.trim() || undefined;
  const host = value("HOST");
  if (!host) {
    const stray = ["USER", "PASS", "PORT", "TLS", "MAILBOX"].filter((n) => value(n));
    return stray.length
      ? { state: "error", error: `BOUNCE_IMAP_HOST is not set (BOUNCE_IMAP_${stray[0]} is).` }
      : { state: "off" };
  }
  const tls = (value("TLS") ?? "implicit").toLowerCase();
  if (tls !== "implicit" && tls !== "starttls" && tls !== "none")
    return { state: "error", error: `BOUNCE_IMAP_TLS must be implicit, starttls or none (got "${value("TLS")}").` };
  const port = Number(value("PORT") ?? (tls === "implicit" ? 993 : 143));
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return { state: "error", error: `BOUNCE_IMAP_PORT must be a port number (got "${value("PORT")}").` };
  const user = value("USER");
  const pass = env.BOUNCE_IMAP_PASS;
  if (!user || !pass) return { state: "error", error: "BOUNCE_IMAP_USER and BOUNCE_IMAP_PASS are both needed." };
  const after = (value("AFTER") ?? "move").toLowerCase();
  if (after !== "move" && after !== "delete")
    return { state: "error", error: `BOUNCE_IMAP_AFTER must be move or delete (got "${value("AFTER")}").` };
  const seconds = Number(value("POLL_SECONDS") ?? 60);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 86_400)
    return { state: "error", error: `BOUNCE_IMAP_POLL_SECONDS must be 1–86400 (got "${value("POLL_SECONDS")}").` };
  return {
    state: "on",
    config: { host, port, tls, user, pass, mailbox: value("MAILBOX") ?? "INBOX", after, pollMs: seconds * 1_000 },
  };
}

export function viewOf(config: BounceMailboxConfig): BounceMailboxView {
  const { pass: _pass, pollMs, ...shown } = config;
  return { ...shown, pollSeconds: Math.round(pollMs / 1_000) };
}
