"use server";
// The forms list's and the new-form page's server actions. The builder's (read, save, status moves, duplicate,
// delete) live in features/form-builder/actions.
import { ZCreateForm, ZListFormsQuery } from "@/lib/schemas/forms";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { listForms } from "@/server/services/forms/list-forms";
import { createForm } from "@/server/services/forms/create-form";

export const listFormsAction = dashboardAction("forms", ZListFormsQuery, async (query, { workspace }) =>
  listForms({ workspaceId: workspace.id, query }),
);

export const createFormAction = dashboardAction("forms.write", ZCreateForm, async (input, { workspace }) =>
  createForm({ workspaceId: workspace.id, input }),
);
