"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import {
  ZCreateBroadcast,
  ZListBroadcastsQuery,
  ZResendUnopened,
  ZScheduleBroadcast,
  ZTestBroadcast,
} from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { createBroadcast } from "@/server/services/broadcasts/create-broadcast";
import { setBroadcastArchived } from "@/server/services/broadcasts/archive-broadcast";
import { loadBroadcast } from "@/server/services/broadcasts/broadcast-record";
import { checkReadiness } from "@/server/services/broadcasts/readiness";
import { sendBroadcast } from "@/server/services/broadcasts/send-broadcast";
import { cancelBroadcast } from "@/server/services/broadcasts/cancel-broadcast";
import { setBroadcastPaused } from "@/server/services/broadcasts/pause-broadcast";
import { sendTestBroadcast } from "@/server/services/broadcasts/send-test-broadcast";
import { scheduleBroadcast } from "@/server/services/broadcasts/schedule-broadcast";
import { duplicateBroadcast } from "@/server/services/broadcasts/duplicate-broadcast";
import { resendUnopened } from "@/server/services/broadcasts/resend-unopened";
import { deleteBroadcast } from "@/server/services/broadcasts/delete-broadcast";
import { loadBroadcastList } from "./_lib/load-list";
import { loadBroadcastPage } from "./_lib/load-broadcast";

export const listBroadcastsAction = dashboardAction("broadcasts", ZListBroadcastsQuery, async (query, { workspace }) =>
  loadBroadcastList(workspace.id, query),
);

export const createBroadcastAction = dashboardAction(
  "broadcasts.write",
  ZCreateBroadcast,
  async (input, { workspace }) => createBroadcast({ workspaceId: workspace.id, input }),
);

export const setBroadcastArchivedAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid, archived: z.boolean() }),
  async ({ id, archived }, { workspace }) =>
    setBroadcastArchived({ workspaceId: workspace.id, broadcastId: id, archived }),
);

const ZId = z.object({ id: ZUuid });

export const getBroadcastAction = dashboardAction("broadcasts", ZId, async ({ id }, { workspace }) =>
  loadBroadcastPage(workspace.id, id),
);

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

/** A new draft with the source's content, sender and audience; the composer opens it next. */
export const duplicateBroadcastAction = dashboardAction("broadcasts.write", ZId, async ({ id }, { workspace }) =>
  duplicateBroadcast({ workspaceId: workspace.id, broadcastId: id }),
);

/** A new draft for the sent broadcast's recipients who did not open it, under a new subject. */
export const resendUnopenedAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid, input: ZResendUnopened }),
  async ({ id, input }, { workspace }) => resendUnopened({ workspaceId: workspace.id, broadcastId: id, input }),
);

/** Drafts only (the service's 409 names the status otherwise: cancel a schedule first, archive what was sent). */
export const deleteBroadcastAction = dashboardAction("broadcasts.write", ZId, async ({ id }, { workspace }) => {
  await deleteBroadcast({ workspaceId: workspace.id, broadcastId: id });
  return { id };
});
