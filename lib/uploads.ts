// Composer image uploads, the shape the dashboard route answers and the client reads (see POST /api/dashboard/uploads).

export type UploadedImage = {
  id: string;
  /** Absolute URL, usable as is in an email's <img src>. */
  url: string;
  fileName: string;
  contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
};

/** What the file picker offers; the server decides from the bytes, not from this list. */
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
