import type { ReactNode } from "react";
import { dashboardContext } from "./_lib/dashboard-context";
import { DashboardShell } from "./_components/dashboard-shell";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, workspace, workspaces } = await dashboardContext();
  return (
    <DashboardShell user={{ email: user.email, name: user.name }} workspace={workspace} workspaces={workspaces}>
      {children}
    </DashboardShell>
  );
}
