"use server";
// The broadcast menu's server actions (list, report and composer share the menu): archive, duplicate, resend to
// non-openers, delete.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZResendUnopened } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { setBroadcastArchived } from "@/server/services/broadcasts/archive-broadcast";
import { duplicateBroadcast } from "@/server/services/broadcasts/duplicate-broadcast";
import { resendUnopened } from "@/server/services/broadcasts/resend-unopened";
import { deleteBroadcast } from "@/server/services/broadcasts/delete-broadcast";

const ZId = z.object({ id: ZUuid });

export const setBroadcastArchivedAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid, archived: z.boolean() }),
  async ({ id, archived }, { workspace }) =>
    setBroadcastArchived({ workspaceId: workspace.id, broadcastId: id, archived }),
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
