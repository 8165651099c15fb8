// The workspace's most recent images, newest first (the image settings' "Recent images").
import { db } from "@/server/db/client";
import type { UploadedImage } from "@/lib/uploads";
import { toUploadedImage, uploadSelect } from "./upload-record";

export async function listUploads({
  workspaceId,
  limit = 24,
}: {
  workspaceId: string;
  limit?: number;
}): Promise<{ data: UploadedImage[] }> {
  const rows = await db().upload.findMany({
    where: { workspaceId },
    select: uploadSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 100),
  });
  return { data: rows.map(toUploadedImage) };
}
