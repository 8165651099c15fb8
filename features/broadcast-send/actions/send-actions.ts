"use server";
// The send panel's server actions (check, send now, schedule, cancel a schedule, test) and the report's pause and
// resume: each one dashboardAction into a broadcasts service.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZScheduleBroadcast, ZTestBroadcast } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { loadBroadcast } from "@/server/services/broadcasts/broadcast-record";
import { checkReadiness } from "@/server/services/broadcasts/readiness";
import { sendBroadcast } from "@/server/services/broadcasts/send-broadcast";
import { cancelBroadcast } from "@/server/services/broadcasts/cancel-broadcast";
import { setBroadcastPaused } from "@/server/services/broadcasts/pause-broadcast";
import { sendTestBroadcast } from "@/server/services/broadcasts/send-test-broadcast";
import { scheduleBroadcast } from "@/server/services/broadcasts/schedule-broadcast";

const ZId = z.object({ id: ZUuid });

/** What "Send now" asks before its confirmation: the audience size, or one 422 listing every missing piece. It changes
 * nothing, and the composer's checklist reads it for whoever writes the draft. */
export const checkSendAction = dashboardAction("broadcasts.write", ZId, async ({ id }, { workspace }) => ({
  recipientCount: await checkReadiness(await loadBroadcast(workspace.id, id)),
}));

export const sendBroadcastAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  sendBroadcast({ workspaceId: workspace.id, broadcastId: id }),
);

export const cancelScheduleAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  cancelBroadcast({ workspaceId: workspace.id, broadcastId: id }),
);

export const setSendingPausedAction = dashboardAction(
  "broadcasts.send",
  z.object({ id: ZUuid, paused: z.boolean() }),
  async ({ id, paused }, { workspace }) => setBroadcastPaused({ workspaceId: workspace.id, broadcastId: id, paused }),
);

/** A test to a few addresses: rendered like the real send, it never touches the audience or the statistics. */
export const sendTestAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid, test: ZTestBroadcast }),
  async ({ id, test }, { workspace }) => sendTestBroadcast({ workspaceId: workspace.id, broadcastId: id, input: test }),
);

/** Schedules a draft or moves a scheduled broadcast's time: checked like a send, past moments refused (422). */
export const scheduleBroadcastAction = dashboardAction(
  "broadcasts.send",
  z.object({ id: ZUuid, schedule: ZScheduleBroadcast }),
  async ({ id, schedule }, { workspace }) =>
    scheduleBroadcast({ workspaceId: workspace.id, broadcastId: id, input: schedule }),
);
