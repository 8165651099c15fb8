// One Upload row as the dashboard sees it, with the absolute URL emails load it from.
import { appUrl, uploadConfig } from "@/server/config";
import type { UploadedImage } from "@/lib/uploads";

export const uploadSelect = {
  id: true,
  key: true,
  fileName: true,
  contentType: true,
  size: true,
  width: true,
  height: true,
  storage: true,
  createdAt: true,
} as const;

type UploadRow = {
  id: string;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  storage: string;
  createdAt: Date;
};

export function toUploadedImage(row: UploadRow): UploadedImage {
  return {
    id: row.id,
    url: uploadUrl(row),
    fileName: row.fileName,
    contentType: row.contentType as UploadedImage["contentType"],
    size: row.size,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A bucket with a public URL (or a CDN before it) serves its objects itself; anything else goes through the app. */
export function uploadUrl(row: { key: string; storage: string }): string {
  const publicUrl = row.storage === "s3" ? uploadConfig.s3()?.publicUrl : null;
  return publicUrl ? `${publicUrl}/${row.key}` : `${appUrl()}/uploads/${row.key}`;
}
