import { db } from "@/server/db/client";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { Webhook } from "@/lib/schemas/webhooks";
import { toWebhook, webhookSelect } from "./webhook-record";

/** Newest first. A workspace has a handful of webhooks, so Prisma's two queries cost nothing worth hand-written SQL. */
export async function listWebhooks({
  workspaceId,
  query,
}: {
  workspaceId: string;
  query: { page: number; limit: number };
}): Promise<OffsetPage<Webhook>> {
  const { skip, take } = offsetWindow(query);
  const [rows, total] = await db().$transaction([
    db().webhook.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip,
      take,
      select: webhookSelect,
    }),
    db().webhook.count({ where: { workspaceId } }),
  ]);
  return offsetPage(rows.map(toWebhook), total, query);
}
