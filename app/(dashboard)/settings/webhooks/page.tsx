import type { Metadata } from "next";
import { listWebhooks } from "@/server/services/webhooks/list-webhooks";
import { dashboardContext } from "../../_lib/dashboard-context";
import { WebhooksView } from "./_components/webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { workspace } = await dashboardContext("webhooks");
  const initial = await listWebhooks({ workspaceId: workspace.id, query: { page: 1, limit: 20 } });
  return <WebhooksView key={workspace.id} workspaceId={workspace.id} initial={initial} />;
}
