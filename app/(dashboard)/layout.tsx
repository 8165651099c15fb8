import type { ReactNode } from "react";
import { can } from "@/lib/permissions";
import { RoleProvider } from "@/components/permissions/role-context";
import { dashboardContext } from "./_lib/dashboard-context";
import { DashboardShell } from "./_components/dashboard-shell";
import { DisabledWebhooksNotice } from "./_components/disabled-webhooks-notice";
import { listAutoDisabledWebhooks } from "@/server/services/webhooks/list-auto-disabled-webhooks";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, workspace, workspaces } = await dashboardContext("workspace");
  // Only those who can turn a webhook back on are told (the notice links to the webhooks page).
  const disabledWebhooks = can(workspace.role, "webhooks")
    ? await listAutoDisabledWebhooks({ workspaceId: workspace.id })
    : [];
  return (
    // The role every client component's useCan reads: the same table the server enforces.
    <RoleProvider role={workspace.role}>
      <DashboardShell user={{ email: user.email, name: user.name }} workspace={workspace} workspaces={workspaces}>
        <DisabledWebhooksNotice webhooks={disabledWebhooks} />
        {children}
      </DashboardShell>
    </RoleProvider>
  );
}
