"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZCreateCustomField, ZUpdateCustomField } from "@/lib/schemas/custom-fields";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import { updateCustomField } from "@/server/services/custom-fields/update-custom-field";
import { deleteCustomField } from "@/server/services/custom-fields/delete-custom-field";

export const createCustomFieldAction = dashboardAction(
  "audience.write",
  ZCreateCustomField,
  async (input, { workspace }) => createCustomField({ workspaceId: workspace.id, input }),
);

export const updateCustomFieldAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid, changes: ZUpdateCustomField }),
  async ({ id, changes }, { workspace }) =>
    updateCustomField({ workspaceId: workspace.id, fieldId: id, input: changes }),
);

export const deleteCustomFieldAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => deleteCustomField({ workspaceId: workspace.id, fieldId: id }),
);
