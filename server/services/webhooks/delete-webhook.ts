import { db } from "@/server/db/client";
import { webhookNotFound } from "./webhook-record";

/** Removes the webhook; its pending tasks and its delivery records go with it (foreign keys cascade). */
export async function deleteWebhook({ workspaceId, webhookId }: { workspaceId: string; webhookId: string }) {
  const { count } = await db().webhook.deleteMany({ where: { id: webhookId, workspaceId } });
  if (count === 0) throw webhookNotFound();
}
