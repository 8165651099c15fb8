// Which workspace a dashboard request acts on: the one named by the switcher's cookie if the user belongs to it,
// else their first. One rule for pages, server actions and the dashboard's route handlers.
import type { WorkspaceMembership } from "./list-memberships";

export const WORKSPACE_COOKIE = "sw_workspace";

export function currentWorkspace(
  workspaces: WorkspaceMembership[],
  wanted: string | undefined,
): WorkspaceMembership | undefined {
  return workspaces.find((w) => w.id === wanted) ?? workspaces[0];
}
