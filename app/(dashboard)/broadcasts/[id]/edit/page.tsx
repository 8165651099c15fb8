import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { Composer } from "@/features/composer/ui/composer";
import { can } from "@/lib/permissions";
import { loadPreview } from "../../_lib/load-preview";
import { DraftView } from "./_components/draft-view";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllSegments, loadAllTags } from "@/server/services/workspace-lists/load-all";

export const metadata: Metadata = { title: "Edit broadcast" };

export default async function EditBroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { user, workspace } = await dashboardContext("broadcasts");
  const broadcast = await getBroadcast({ workspaceId: workspace.id, broadcastId: id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  // Once sending has started the content is fixed: its report is the page to see.
  if (broadcast.status !== "draft" && broadcast.status !== "scheduled") redirect(`/broadcasts/${id}`);
  // A scheduled broadcast goes out as saved: editing it belongs to sending. Who cannot edit reads it instead.
  const editArea = broadcast.status === "scheduled" ? "broadcasts.send" : "broadcasts.write";
  if (!can(workspace.role, editArea)) {
    const preview = await loadPreview(workspace, broadcast);
    const shown = preview && { subject: preview.subject, html: preview.html };
    return <DraftView broadcast={broadcast} preview={shown} missing={editArea} />;
  }
  const [settings, segments, tags, fields] = await Promise.all([
    getSendingSettings({ workspaceId: workspace.id }),
    loadAllSegments(workspace.id),
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
  ]);
  return (
    <Composer
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      initial={broadcast}
      senderDefaults={{ fromName: settings.defaultFromName, fromEmail: settings.defaultFromEmail }}
      segments={segments}
      tags={tags}
      mergeTags={fields.map((f) => ({ key: f.key, label: f.label }))}
      defaultTestEmail={user.email}
    />
  );
}
