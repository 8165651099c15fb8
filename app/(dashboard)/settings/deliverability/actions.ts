"use server";
// Settings → Deliverability: every member may read the rules; owners and admins (workspaceSettings) change them.
import { ZDeliverabilityRules } from "@/lib/schemas/deliverability-rules";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { updateDeliverabilityRules } from "@/server/services/deliverability/update-deliverability-rules";

export const updateDeliverabilityRulesAction = dashboardAction(
  "workspaceSettings",
  ZDeliverabilityRules,
  async (input, { workspace }) => updateDeliverabilityRules({ workspaceId: workspace.id, input }),
);
