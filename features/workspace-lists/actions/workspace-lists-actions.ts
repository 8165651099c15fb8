"use server";
// Every tag, custom field and segment of the workspace at once, for the pickers and filters of several pages
// (contacts, segments, custom fields, and the composer's audience picker to come).
import { z } from "zod";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { loadAllCustomFields, loadAllSegments, loadAllTags } from "@/server/services/workspace-lists/load-all";

export const listAllTagsAction = dashboardAction("workspace", z.object({}), async (_input, { workspace }) =>
  loadAllTags(workspace.id),
);

export const listAllCustomFieldsAction = dashboardAction("workspace", z.object({}), async (_input, { workspace }) =>
  loadAllCustomFields(workspace.id),
);

export const listAllSegmentsAction = dashboardAction("workspace", z.object({}), async (_input, { workspace }) =>
  loadAllSegments(workspace.id),
);
