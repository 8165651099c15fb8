// Where upload bytes live: the data folder (the default, nothing to set up) or an S3-compatible bucket (several web
// processes, or a CDN in front). Each Upload row records its storage, so reads go to where the bytes were written
// even after the configuration changed: emails already sent keep their images.
import "server-only";
import { uploadConfig } from "@/server/config";
import { localStorage } from "./local-storage";
import { s3Storage } from "./s3-storage";

export { assertKey } from "./keys";

export type StorageKind = "local" | "s3";
export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

export interface UploadStorage {
  kind: StorageKind;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error (a retry, or a file lost earlier). */
  remove(key: string): Promise<void>;
}

/** The storage new uploads go to. */
export function writeStorage(): UploadStorage {
  const s3 = uploadConfig.s3();
  return s3 ? s3Storage(s3) : localStorage(uploadConfig.localRoot());
}

/** The storage an existing upload was written to. */
export function storageOf(kind: string): UploadStorage {
  if (kind === "local") return localStorage(uploadConfig.localRoot());
  const s3 = uploadConfig.s3();
  if (kind === "s3" && s3) return s3Storage(s3);
  throw new Error(`Upload storage "${kind}" is not configured (S3_BUCKET unset?)`);
}
