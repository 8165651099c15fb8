import type { Metadata } from "next";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { dashboardContext } from "../../_lib/dashboard-context";
import { ApiKeysView } from "./_components/api-keys-view";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { workspace } = await dashboardContext("apiKeys");
  const keys = await listApiKeys({ workspaceId: workspace.id });
  return <ApiKeysView key={workspace.id} workspaceId={workspace.id} workspaceName={workspace.name} initial={keys} />;
}
