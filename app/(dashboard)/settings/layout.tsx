import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { SettingsNav } from "./_components/settings-nav";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" description="Configure this workspace." />
      <SettingsNav />
      {children}
    </>
  );
}
