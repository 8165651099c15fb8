"use server";
// The automations list's and report's server actions: list, create (blank or from a template), and the moves a row
// menu or the report's header makes. The builder's (read, autosave, checklist, activate) live in
// features/automations/actions. Areas: reading is the broadcasts' (viewers too); writing a draft is an author's, as a
// broadcast draft is; what starts or stops mail going to contacts (pause, resume, archive) is a sender's.
import { z } from "zod";
import { ZCreateAutomation, ZListAutomationsQuery } from "@/lib/schemas/automations";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { activateAutomation } from "@/server/services/automations/activate-automation";
import { archiveAutomation } from "@/server/services/automations/archive-automation";
import { createAutomation } from "@/server/services/automations/create-automation";
import { deleteAutomation } from "@/server/services/automations/delete-automation";
import { duplicateAutomation } from "@/server/services/automations/duplicate-automation";
import { pauseAutomation } from "@/server/services/automations/pause-automation";
import { loadAutomationList } from "./_lib/load-list";

const ZId = z.object({ id: ZUuid });

export const listAutomationsAction = dashboardAction(
  "broadcasts",
  ZListAutomationsQuery,
  async (query, { workspace }) => loadAutomationList(workspace.id, query),
);

export const createAutomationAction = dashboardAction(
  "broadcasts.write",
  ZCreateAutomation,
  async (input, { workspace }) => createAutomation(workspace.id, input),
);

export const duplicateAutomationAction = dashboardAction("broadcasts.write", ZId, async ({ id }, { workspace }) =>
  duplicateAutomation(workspace.id, id),
);

/** Only drafts are deleted (the service refuses the others with a 409 saying to archive instead). */
export const deleteAutomationAction = dashboardAction("broadcasts.write", ZId, async ({ id }, { workspace }) => {
  await deleteAutomation(workspace.id, id);
  return { id };
});

export const pauseAutomationAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  pauseAutomation(workspace.id, id),
);

/** Resuming a paused automation is activating it again: contacts go on from the step they were held at. */
export const resumeAutomationAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  activateAutomation(workspace.id, id),
);

export const archiveAutomationAction = dashboardAction("broadcasts.send", ZId, async ({ id }, { workspace }) =>
  archiveAutomation(workspace.id, id),
);
