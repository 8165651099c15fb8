import "server-only";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { renderPreview } from "@/emails/preview";
import { broadcastContent } from "@/server/broadcasts/content";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";

/**
 * The email as the sample contact would see it (original links, no open pixel), through the same compile and
 * personalize path as a real send. Null when there is nothing to render yet, or the content cannot be rendered (the
 * page then says so rather than failing).
 */
export async function loadPreview(
  workspace: { id: string; name: string },
  broadcast: Broadcast,
): Promise<{ subject: string; html: string; text: string } | null> {
  if (broadcast.blocks.length === 0 && broadcast.variants.length === 0) return null;
  const { postalAddress } = await getSendingSettings({ workspaceId: workspace.id });
  const content = broadcastContent({ ...broadcast, workspace: { name: workspace.name, postalAddress } });
  try {
    return await renderPreview(content);
  } catch (error) {
    console.error("Broadcast preview failed", error);
    return null;
  }
}
