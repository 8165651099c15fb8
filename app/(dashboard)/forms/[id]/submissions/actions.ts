"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZListSubmissionsQuery } from "@/lib/schemas/forms";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { listFormSubmissions } from "@/server/services/forms/list-form-submissions";

const ZInput = z.object({ formId: ZUuid, query: ZListSubmissionsQuery });

export const listSubmissionsAction = dashboardAction("forms", ZInput, async ({ formId, query }, { workspace }) =>
  listFormSubmissions({ workspaceId: workspace.id, formId, query }),
);
