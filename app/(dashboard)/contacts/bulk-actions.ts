"use server";
// The contacts page's counts and bulk changes. Every bulk change (a page's selection or all matching) goes through
// startBulkAction: one code path, one set of events, one progress record.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction, requireArea } from "@/server/auth/dashboard-action";
import { ZContactsFilter, ZStartBulkAction } from "@/server/services/contacts/bulk-action-schema";
import { countContacts } from "@/server/services/contacts/count-contacts";
import { currentBulkAction, getBulkAction } from "@/server/services/contacts/get-bulk-action";
import { startBulkAction } from "@/server/services/contacts/start-bulk-action";

export const countContactsAction = dashboardAction("audience", ZContactsFilter, async (filter, { workspace }) =>
  countContacts({ workspaceId: workspace.id, filter }),
);

export const startBulkContactsAction = dashboardAction(
  "audience.write",
  ZStartBulkAction,
  async (input, { workspace, userId }) => {
    if (input.action === "delete") requireArea(workspace.role, "contacts.delete");
    return startBulkAction({ workspaceId: workspace.id, actorId: userId, input });
  },
);

export const getBulkContactsAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => getBulkAction({ workspaceId: workspace.id, id }),
);

export const currentBulkContactsAction = dashboardAction("audience", z.object({}), async (_input, { workspace }) =>
  currentBulkAction({ workspaceId: workspace.id }),
);
