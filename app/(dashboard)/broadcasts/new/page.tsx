import type { Metadata } from "next";
import { BUILT_IN_TEMPLATES } from "@/lib/templates/built-in";
import { listTemplates } from "@/server/services/broadcast-templates/list-templates";
import { dashboardContext } from "../../_lib/dashboard-context";
import { TemplatePicker } from "./_components/template-picker";

export const metadata: Metadata = { title: "New broadcast" };

export default async function NewBroadcastPage() {
  const { workspace } = await dashboardContext("broadcasts.write");
  const saved = await listTemplates({ workspaceId: workspace.id });
  // Only what the cards show travels to the browser; the thumbnails load their HTML lazily on their own.
  const builtIns = BUILT_IN_TEMPLATES.map(({ id, name, description, theme }) => ({ id, name, description, theme }));
  return <TemplatePicker key={workspace.id} workspaceId={workspace.id} builtIns={builtIns} saved={saved} />;
}
