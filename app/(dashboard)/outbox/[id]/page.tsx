import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { can } from "@/lib/permissions";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getOutboxMessage } from "@/server/services/outbox/get-outbox-message";
import { dashboardContext } from "../../_lib/dashboard-context";
import { MessageView } from "./_components/message-view";

export const metadata: Metadata = { title: "Outbox message" };

export default async function OutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("outbox");
  const message = await getOutboxMessage({
    workspaceId: workspace.id,
    messageId: id,
    includeInvitations: can(workspace.role, "team"),
  }).catch((error: unknown) => {
    // Another workspace's message, or an invitation for a member, is simply not found.
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  return <MessageView message={message} />;
}
