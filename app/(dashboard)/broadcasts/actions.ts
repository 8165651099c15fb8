"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZCreateBroadcast, ZListBroadcastsQuery, ZTestBroadcast } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { createBroadcast } from "@/server/services/broadcasts/create-broadcast";
import { setBroadcastArchived } from "@/server/services/broadcasts/archive-broadcast";
import { loadBroadcast } from "@/server/services/broadcasts/broadcast-record";
import { checkReadiness } from "@/server/services/broadcasts/readiness";
import { sendBroadcast } from "@/server/services/broadcasts/send-broadcast";
import { cancelBroadcast } from "@/server/services/broadcasts/cancel-broadcast";
import { setBroadcastPaused } from "@/server/services/broadcasts/pause-broadcast";
import { sendTestBroadcast } from "@/server/services/broadcasts/send-test-broadcast";
import { loadBroadcastList } from "./_lib/load-list";
import { loadBroadcastPage } from "./_lib/load-broadcast";

export const listBroadcastsAction = dashboardAction(ZListBroadcastsQuery, async (query, { workspace }) =>
  loadBroadcastList(workspace.id, query),
);

export const createBroadcastAction = dashboardAction(ZCreateBroadcast, async (input, { workspace }) =>
  createBroadcast({ workspaceId: workspace.id, input }),
);

export const setBroadcastArchivedAction = dashboardAction(
  z.object({ id: ZUuid, archived: z.boolean() }),
  async ({ id, archived }, { workspace }) =>
    setBroadcastArchived({ workspaceId: workspace.id, broadcastId: id, archived }),
);

const ZId = z.object({ id: ZUuid });

export const getBroadcastAction = dashboardAction(ZId, async ({ id }, { workspace }) =>
  loadBroadcastPage(workspace.id, id),
);

/** What "Send now" asks before its confirmation: the audience size, or one 422 listing every missing piece. */
export const checkSendAction = dashboardAction(ZId, async ({ id }, { workspace }) => ({
  recipientCount: await checkReadiness(await loadBroadcast(workspace.id, id)),
}));

export const sendBroadcastAction = dashboardAction(ZId, async ({ id }, { workspace }) =>
  sendBroadcast({ workspaceId: workspace.id, broadcastId: id }),
);

export const cancelScheduleAction = dashboardAction(ZId, async ({ id }, { workspace }) =>
  cancelBroadcast({ workspaceId: workspace.id, broadcastId: id }),
);

export const setSendingPausedAction = dashboardAction(
  z.object({ id: ZUuid, paused: z.boolean() }),
  async ({ id, paused }, { workspace }) => setBroadcastPaused({ workspaceId: workspace.id, broadcastId: id, paused }),
);

/** A test to a few addresses: rendered like the real send, it never touches the audience or the statistics. */
export const sendTestAction = dashboardAction(
  z.object({ id: ZUuid, test: ZTestBroadcast }),
  async ({ id, test }, { workspace }) => sendTestBroadcast({ workspaceId: workspace.id, broadcastId: id, input: test }),
);
