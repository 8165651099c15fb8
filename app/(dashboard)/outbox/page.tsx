import type { Metadata } from "next";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";
import { dashboardContext } from "../_lib/dashboard-context";
import { OutboxView } from "./_components/outbox-view";

export const metadata: Metadata = { title: "Outbox" };

export default async function OutboxPage() {
  const { workspace } = await dashboardContext("outbox");
  const initial = await listOutboxMessages({ workspaceId: workspace.id, query: { page: 1, limit: 20 } });
  // The worker picks the transport from the same variable; "outbox" is its default.
  const transport = process.env.EMAIL_TRANSPORT?.trim() || "outbox";
  return <OutboxView key={workspace.id} workspaceId={workspace.id} initial={initial} transport={transport} />;
}
