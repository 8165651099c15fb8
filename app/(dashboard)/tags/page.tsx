import type { Metadata } from "next";
import { TAG_PALETTE } from "@/lib/schemas/tags";
import { listTags } from "@/server/services/tags/list-tags";
import { dashboardContext } from "../_lib/dashboard-context";
import { TagsView } from "./_components/tags-view";

export const metadata: Metadata = { title: "Tags" };

export default async function TagsPage() {
  const { workspace } = await dashboardContext("audience");
  const initial = await listTags({ workspaceId: workspace.id, query: { page: 1, limit: 20 } });
  // The view is keyed by workspace so switching workspaces resets its page, search and dialogs.
  return <TagsView key={workspace.id} workspaceId={workspace.id} initial={initial} palette={TAG_PALETTE} />;
}
