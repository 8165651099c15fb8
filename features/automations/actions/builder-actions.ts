"use server";
// The automation builder's server side: the automation as stored (after a conflict), autosave under an optimistic
// lock, the pre-activation checklist, the live per-step counts, and the status moves. Automations mail the audience
// on their own, so they use the broadcast areas: reading is `broadcasts`, editing a draft is `broadcasts.write`, and
// what makes mail go out (activating, resuming, pausing, and editing a live automation, which publishes at once) is
// `broadcasts.send`, as editing a scheduled broadcast is.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZUpdateAutomation } from "@/lib/schemas/automations";
import { can } from "@/lib/permissions";
import { dashboardAction, requireArea } from "@/server/auth/dashboard-action";
import { getAutomation } from "@/server/services/automations/get-automation";
import { updateAutomation } from "@/server/services/automations/update-automation";
import { automationChecklist } from "@/server/services/automations/checklist";
import { getAutomationAnalytics } from "@/server/services/automations/get-automation-analytics";
import { activateAutomation } from "@/server/services/automations/activate-automation";
import { pauseAutomation } from "@/server/services/automations/pause-automation";

const ZId = z.object({ id: ZUuid });

export const getAutomationAction = dashboardAction("broadcasts", ZId, async ({ id }, { workspace }) =>
  getAutomation(workspace.id, id),
);

export const saveAutomationAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid, expectedUpdatedAt: z.iso.datetime({ offset: true }), draft: ZUpdateAutomation }),
  async ({ id, expectedUpdatedAt, draft }, { workspace }) => {
    // A live automation publishes every save to the contacts inside it: that is sending, not drafting.
    if (!can(workspace.role, "broadcasts.send") && (await getAutomation(workspace.id, id)).status !== "draft")
      requireArea(workspace.role, "broadcasts.send");
    return updateAutomation(workspace.id, id, draft, { expectedUpdatedAt: new Date(expectedUpdatedAt) });
  },
);

export const getAutomationChecklistAction = dashboardAction("broadcasts", ZId, async ({ id }, { workspace }) =>
  automationChecklist(workspace.id, id),
);

/** The cards' live counts: all time, not the report's default 30 days (waiting is "now" whatever the range). */
const ALL_TIME = new Date(0).toISOString();
export const getAutomationCountsAction = dashboardAction("analytics", ZId, async ({ id }, { workspace }) =>
  getAutomationAnalytics(workspace.id, id, { from: ALL_TIME }),
);

/** Activate a draft, or resume a paused automation (the same move: to active). */
export const activateAutomationAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  activateAutomation(workspace.id, id),
);

export const pauseAutomationAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  pauseAutomation(workspace.id, id),
);
