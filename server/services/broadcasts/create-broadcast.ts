import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { Broadcast, CreateBroadcast } from "@/lib/schemas/broadcasts";
import { broadcastSelect, toBroadcast } from "./broadcast-record";
import { writeFields } from "./write-fields";

/**
 * A new draft (sentCount 0). The sender defaults to the workspace's default name and address, as the composer
 * pre-fills them, so a broadcast created through the API is not left without one by surprise.
 */
export async function createBroadcast({
  workspaceId,
  input,
}: {
  workspaceId: string;
  input: CreateBroadcast;
}): Promise<Broadcast> {
  const fields = await writeFields(workspaceId, input);
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { defaultFromName: true, defaultFromEmail: true },
  });
  const row = await db().broadcast.create({
    data: {
      fromName: workspace.defaultFromName,
      fromEmail: workspace.defaultFromEmail,
      ...(fields as Omit<Prisma.BroadcastUncheckedCreateInput, "workspaceId" | "name">),
      workspaceId,
      name: input.name,
      status: "draft",
    },
    select: broadcastSelect,
  });
  return toBroadcast(row);
}
