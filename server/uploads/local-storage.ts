// Uploads in the data folder: DATA_DIR/uploads/<workspaceId>/<id>.<ext>. Written to a temporary file and renamed,
// so a crash or a concurrent read never sees half an image under the final name.
import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertKey } from "./keys";
import type { UploadStorage } from "./storage";

export function localStorage(root: string): UploadStorage {
  const base = path.resolve(root);
  // The key is checked against the one shape createUpload makes, so it cannot climb out of the folder.
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: "wx" });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { body, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
