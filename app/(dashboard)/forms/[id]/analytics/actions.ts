"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZFormAnalyticsQuery } from "@/lib/schemas/forms";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { getFormAnalytics } from "@/server/services/forms/get-form-analytics";

const ZInput = z.object({ formId: ZUuid, query: ZFormAnalyticsQuery });

export const formAnalyticsAction = dashboardAction("analytics", ZInput, async ({ formId, query }, { workspace }) =>
  getFormAnalytics({ workspaceId: workspace.id, formId, query }),
);
