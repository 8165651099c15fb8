"use server";
import { can } from "@/lib/permissions";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZListOutboxQuery } from "@/lib/schemas/outbox";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";

export const listOutboxAction = dashboardAction("outbox", ZListOutboxQuery, async (query, { workspace }) =>
  listOutboxMessages({ workspaceId: workspace.id, query, includeInvitations: can(workspace.role, "team") }),
);
