"use server";
// The broadcast report's server actions: its polled figures, its recipients, and picking an A/B winner by hand.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZRecipientListQuery } from "@/lib/schemas/broadcast-recipients";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { chooseAbWinner } from "@/server/services/broadcasts/choose-ab-winner";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { listBroadcastRecipients } from "@/server/services/broadcasts/list-broadcast-recipients";
import { loadBroadcastPage } from "./_lib/load-broadcast";
import { loadPreview } from "./_lib/load-preview";

export const getBroadcastReportAction = dashboardAction(
  "analytics",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => loadBroadcastPage(workspace.id, id),
);

/** The engine refuses (409) a second winner and a test not sent yet, and (422) a variant the broadcast lacks. */
export const chooseAbWinnerAction = dashboardAction(
  "broadcasts.send",
  z.object({ id: ZUuid, variantId: z.string().min(1).max(32) }),
  async ({ id, variantId }, { workspace }) => chooseAbWinner({ workspaceId: workspace.id, broadcastId: id, variantId }),
);

/**
 * The email as sent, fetched once the report has drawn: rendering it is the slowest part of the page and nothing
 * else waits for it.
 */
export const previewBroadcastAction = dashboardAction(
  "analytics",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) =>
    loadPreview(workspace, await getBroadcast({ workspaceId: workspace.id, broadcastId: id })),
);

/** A page of the report's recipient table: filtered, searched, or a link's clickers (keyset pages). */
export const listBroadcastRecipientsAction = dashboardAction(
  "analytics",
  ZRecipientListQuery.extend({ id: ZUuid }),
  async ({ id, limit, cursor, ...filter }, { workspace }) =>
    listBroadcastRecipients({ workspaceId: workspace.id, broadcastId: id, filter, limit, cursor }),
);
