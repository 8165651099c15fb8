// The block schema's limits and lists as plain values, for the browser: the composer needs them without the zod
// schemas and the HTML sanitizer that lib/schemas/blocks.ts brings (which re-exports everything here).
export const MAX_BLOCKS = 200;
export const MAX_TEXT = 20_000;
export const MAX_HTML = 100_000;

export const SOCIAL_NETWORKS = [
  "website",
  "facebook",
  "instagram",
  "x",
  "linkedin",
  "youtube",
  "tiktok",
  "mastodon",
  "bluesky",
  "github",
  "threads",
  "email",
] as const;

/** How each network is named in the email (text links, not icons: a self-hosted instance may host none). */
export const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  website: "Website",
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
  github: "GitHub",
  threads: "Threads",
  email: "Email",
};

export const THEMES = ["default", "minimal", "dark"] as const;

/** Where a new image block points until the marketer uploads or links a picture (the send checklist flags it). */
export const PLACEHOLDER_IMAGE = "https://example.com/your-image.png";
