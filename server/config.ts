// Settings read from the environment, in one place. See the README's configuration table.
const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "5s", "250ms", "2h", "5d" → milliseconds: every duration setting (webhooks, sending, retention) reads this way. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!match) throw new Error(`Not a duration: "${text}" (use e.g. 250ms, 5s, 5m, 2h, 1d).`);
  return Math.round(Number(match[1]) * (UNITS[match[2] ?? ""] ?? 0));
}

export function appUrl(): string {
  const port = process.env.PORT || "3000";
  return (process.env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, "");
}

export const rateLimits = {
  /** Requests per key per window on the keyed API. */
  perKey: () => Number(process.env.API_RATE_LIMIT || 600),
  windowMs: () => Number(process.env.API_RATE_LIMIT_WINDOW_MS || 60_000),
};

/** Test emails of broadcasts a workspace may send per hour (an address counting once per test). */
/** Tracking hits commit without waiting for the WAL flush unless TRACKING_DURABLE_COMMIT=true (docs/tracking.md). */
export const trackingCommit = { durable: () => /^(true|1|on)$/i.test(process.env.TRACKING_DURABLE_COMMIT ?? "") };

export const testEmailsPerHour = () => Number(process.env.TEST_EMAILS_PER_HOUR || 50);

/** Public form submissions (README, Configuration): bot checks and limits. */
export const formLimits = {
  /** A submission earlier than this after the form was rendered is refused as automated. */
  minFillMs: () => Number(process.env.FORM_MIN_FILL_MS ?? 3_000),
  /** Submissions per client address per minute, over all forms of the installation. */
  perIp: () => Number(process.env.FORM_RATE_LIMIT_PER_IP || 10),
  /** Form views the embed may report per client address per minute (a page showing a few forms, reloaded often). */
  viewsPerIp: () => Number(process.env.FORM_VIEW_RATE_LIMIT_PER_IP || 60),
  /** Submissions per form per minute (a flood from many addresses). */
  perForm: () => Number(process.env.FORM_RATE_LIMIT_PER_FORM || 1_200),
  /** Confirmation emails one address can be sent per workspace per day, and the least time between two. */
  confirmationsPerDay: () => Number(process.env.FORM_CONFIRMATIONS_PER_DAY || 3),
  confirmationGapMs: () => Number(process.env.FORM_CONFIRMATION_GAP_MS ?? 10 * 60_000),
};

/** Composer image uploads (README, Images): where the bytes go and how large one may be. */
export const uploadConfig = {
  /** Largest image accepted, in bytes (5 MB: well above what an email image should weigh). */
  maxBytes: () => Number(process.env.UPLOAD_MAX_BYTES || 5 * 1024 * 1024),
  /** Folder of the local storage: DATA_DIR/uploads. */
  localRoot: () => `${(process.env.DATA_DIR || ".data").replace(/\/+$/, "")}/uploads`,
  /** The S3-compatible bucket new uploads go to, or null to keep them in the data folder. */
  s3: () => {
    const bucket = process.env.S3_BUCKET;
    if (!bucket) return null;
    const endpoint = process.env.S3_ENDPOINT?.replace(/\/+$/, "") || null;
    const forcePathStyle = process.env.S3_FORCE_PATH_STYLE;
    return {
      bucket,
      region: process.env.S3_REGION || "us-east-1",
      endpoint,
      accessKeyId: process.env.S3_ACCESS_KEY_ID || "",
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || "",
      // MinIO and most self-hosted services only answer path-style URLs; AWS prefers bucket subdomains.
      forcePathStyle: forcePathStyle ? forcePathStyle === "true" : endpoint !== null,
      publicUrl: process.env.S3_PUBLIC_URL?.replace(/\/+$/, "") || null,
    };
  },
};
