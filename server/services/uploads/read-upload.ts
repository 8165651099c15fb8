// The bytes behind a public image URL (/uploads/<workspaceId>/<id>.<ext>). The path is only ever a lookup in the
// Upload table, never joined to a folder: an unknown or malformed path is simply not found.
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { KEY_PATTERN } from "@/server/uploads/keys";
import { storageOf, type StoredObject } from "@/server/uploads/storage";

export async function readUpload({
  workspaceId,
  file,
}: {
  workspaceId: string;
  file: string;
}): Promise<StoredObject & { contentType: string }> {
  const key = `${workspaceId}/${file}`;
  if (!KEY_PATTERN.test(key)) throw new AppError("NOT_FOUND", "No image exists at this address.");
  const row = await db().upload.findUnique({ where: { key }, select: { contentType: true, storage: true } });
  if (!row) throw new AppError("NOT_FOUND", "No image exists at this address.");
  const object = await storageOf(row.storage).get(key);
  if (!object) throw new AppError("NOT_FOUND", "No image exists at this address.");
  return { ...object, contentType: row.contentType };
}
