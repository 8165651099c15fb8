import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { can } from "@/lib/permissions";
import { AppError } from "@/server/errors";
import { getAutomation } from "@/server/services/automations/get-automation";
import { listAutomations } from "@/server/services/automations/list-automations";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { loadAllCustomFields, loadAllSegments, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { loadActivityTargets } from "../../../segments/_lib/load-activity-targets";
import { BuilderPage } from "./_components/builder-page";

export const metadata: Metadata = { title: "Automation builder" };

export default async function AutomationBuilderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("broadcasts");
  const automation = await getAutomation(workspace.id, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const [settings, tags, segments, fields, targets, others] = await Promise.all([
    getSendingSettings({ workspaceId: workspace.id }),
    loadAllTags(workspace.id),
    loadAllSegments(workspace.id),
    loadAllCustomFields(workspace.id),
    loadActivityTargets(workspace.id),
    listAutomations(workspace.id, { page: 1, limit: 100 }),
  ]);
  return (
    <BuilderPage
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      initial={automation}
      lists={{
        tags,
        segments,
        fields,
        forms: targets.forms,
        automations: others.data.filter((a) => a.id !== id).map((a) => ({ id: a.id, name: a.name })),
      }}
      targets={targets}
      senderDefaults={{ fromName: settings.defaultFromName, fromEmail: settings.defaultFromEmail }}
      canWrite={can(workspace.role, "broadcasts.write")}
      canSend={can(workspace.role, "broadcasts.send")}
    />
  );
}
