import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { SettingsNav } from "./_components/settings-nav";
import { dashboardContext } from "../_lib/dashboard-context";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const { workspace } = await dashboardContext("workspace");
  return (
    <>
      <PageHeader title="Settings" description="Configure this workspace." />
      <SettingsNav role={workspace.role} />
      {children}
    </>
  );
}
