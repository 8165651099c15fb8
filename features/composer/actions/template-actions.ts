"use server";
// The start page's and the composer's template actions: each one dashboardAction into a broadcast-templates service.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZRenameTemplate, ZSaveTemplate, ZTemplateSource } from "@/lib/schemas/templates";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { createTemplate } from "@/server/services/broadcast-templates/create-template";
import { listTemplates } from "@/server/services/broadcast-templates/list-templates";
import { getTemplate } from "@/server/services/broadcast-templates/get-template";
import { renameTemplate } from "@/server/services/broadcast-templates/rename-template";
import { deleteTemplate } from "@/server/services/broadcast-templates/delete-template";
import { createBroadcastFromTemplate } from "@/server/services/broadcast-templates/create-broadcast-from-template";

export const saveTemplateAction = dashboardAction(
  "broadcasts.write",
  ZSaveTemplate,
  async (input, { workspace, userId }) => createTemplate({ workspaceId: workspace.id, userId, input }),
);

export const listTemplatesAction = dashboardAction("broadcasts", z.object({}), async (_, { workspace }) =>
  listTemplates({ workspaceId: workspace.id }),
);

export const getTemplateAction = dashboardAction("broadcasts", z.object({ id: ZUuid }), async ({ id }, { workspace }) =>
  getTemplate({ workspaceId: workspace.id, templateId: id }),
);

export const renameTemplateAction = dashboardAction(
  "broadcasts.write",
  ZRenameTemplate,
  async ({ id, name }, { workspace }) => renameTemplate({ workspaceId: workspace.id, templateId: id, name }),
);

export const deleteTemplateAction = dashboardAction(
  "broadcasts.write",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => deleteTemplate({ workspaceId: workspace.id, templateId: id }),
);

/** "Use this template": a draft with the source's content and the default sender, opened in the composer next. */
export const createBroadcastFromTemplateAction = dashboardAction(
  "broadcasts.write",
  z.object({ source: ZTemplateSource }),
  async ({ source }, { workspace }) => createBroadcastFromTemplate({ workspaceId: workspace.id, source }),
);
