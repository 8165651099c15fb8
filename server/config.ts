// Settings read from the environment, in one place. See the README's configuration table.
export function appUrl(): string {
  const port = process.env.PORT || "3000";
  return (process.env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, "");
}

export const rateLimits = {
  /** Requests per key per window on the keyed API. */
  perKey: () => Number(process.env.API_RATE_LIMIT || 600),
  windowMs: () => Number(process.env.API_RATE_LIMIT_WINDOW_MS || 60_000),
};
