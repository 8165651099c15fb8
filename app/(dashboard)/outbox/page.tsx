import type { Metadata } from "next";
import { can } from "@/lib/permissions";
import { OUTBOX_KINDS } from "@/lib/schemas/outbox";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";
import { dashboardContext } from "../_lib/dashboard-context";
import { OutboxView } from "./_components/outbox-view";

export const metadata: Metadata = { title: "Outbox" };

export default async function OutboxPage() {
  const { workspace } = await dashboardContext("outbox");
  const includeInvitations = can(workspace.role, "team");
  const initial = await listOutboxMessages({
    workspaceId: workspace.id,
    query: { page: 1, limit: 20 },
    includeInvitations,
  });
  const kinds = OUTBOX_KINDS.filter((k) => includeInvitations || k !== "invitation");
  // The worker picks the transport from the same variable; "outbox" is its default.
  const transport = process.env.EMAIL_TRANSPORT?.trim() || "outbox";
  return (
    <OutboxView key={workspace.id} workspaceId={workspace.id} initial={initial} transport={transport} kinds={kinds} />
  );
}
