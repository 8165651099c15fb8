import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadBroadcastPage } from "../_lib/load-broadcast";
import { loadPreview } from "../_lib/load-preview";
import { BroadcastView } from "./_components/broadcast-view";

export const metadata: Metadata = { title: "Broadcast" };

export default async function BroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { user, workspace } = await dashboardContext();
  const data = await loadBroadcastPage(workspace.id, id).catch((error: unknown) => {
    // Another workspace's broadcast, or one deleted meanwhile, is simply not found.
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const preview = await loadPreview(workspace, data.broadcast);
  return (
    <BroadcastView
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      initial={data}
      preview={preview}
      testEmail={user.email}
    />
  );
}
