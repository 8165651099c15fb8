// Store an image uploaded in the composer: the type and pixel size read from the bytes (never from the name or the
// browser's Content-Type), the bytes written to the configured storage, then the Upload row. The bytes go first:
// a row never points at nothing, and a crash in between leaves only an unreferenced file.
import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { uploadConfig } from "@/server/config";
import { sniffImage } from "@/server/uploads/image-type";
import { writeStorage } from "@/server/uploads/storage";
import type { UploadedImage } from "@/lib/uploads";
import { toUploadedImage, uploadSelect } from "./upload-record";

export const UNSUPPORTED_IMAGE = "Upload a PNG, JPEG, GIF or WebP image.";

export async function createUpload({
  workspaceId,
  userId,
  fileName,
  bytes,
}: {
  workspaceId: string;
  userId: string | null;
  fileName: string;
  bytes: Uint8Array;
}): Promise<UploadedImage> {
  assertSize(bytes.byteLength);
  if (bytes.byteLength === 0) throw new AppError("VALIDATION", "The file is empty.");
  const sniffed = sniffImage(bytes);
  if (!sniffed.ok) {
    if (sniffed.reason === "svg") {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `SVG images are not accepted (many email apps do not show them, and they can carry scripts). ${UNSUPPORTED_IMAGE}`,
      );
    }
    if (sniffed.reason === "damaged") {
      throw new AppError(
        "VALIDATION",
        "The image looks damaged: its size could not be read. Export it again and retry.",
      );
    }
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `This file is not an image we accept. ${UNSUPPORTED_IMAGE}`);
  }
  const { image } = sniffed;
  const id = randomUUID();
  const key = `${workspaceId}/${id}.${image.ext}`;
  const storage = writeStorage();
  await storage.put(key, bytes, image.contentType);
  const row = await db().upload.create({
    data: {
      id,
      workspaceId,
      key,
      fileName: displayName(fileName, image.ext),
      contentType: image.contentType,
      size: bytes.byteLength,
      width: image.width,
      height: image.height,
      storage: storage.kind,
      createdById: userId,
    },
    select: uploadSelect,
  });
  return toUploadedImage(row);
}

/** Throws the 413 for a file over UPLOAD_MAX_BYTES (also called on the declared length before reading the body). */
export function assertSize(bytes: number): void {
  const max = uploadConfig.maxBytes();
  if (bytes > max) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Images are limited to ${formatBytes(max)}; this one is ${formatBytes(bytes)}.`,
    );
  }
}

/** The name shown in the dashboard only (the key is ours): no folders, no control characters, a sane length. */
function displayName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return base || `image.${ext}`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
