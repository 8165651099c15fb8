// The signed-in user and their current workspace, for every dashboard page.
import "server-only";
import { redirect } from "next/navigation";
import type { WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { hasAnyUser } from "@/server/services/users/create-first-user";
import { dashboardSession } from "./dashboard-session";
import { requestCookies } from "./request-cookies";

export type DashboardContext = {
  user: { id: string; email: string; name: string | null };
  sessionId: string;
  workspace: WorkspaceMembership;
  workspaces: WorkspaceMembership[];
};

/** The context of a dashboard request; redirects to onboarding or sign-in when there is none. */
export async function requireDashboard(): Promise<DashboardContext> {
  const session = await dashboardSession(await requestCookies());
  if (!session) redirect((await hasAnyUser()) ? "/signin" : "/onboarding");
  if (!session.workspace) redirect("/new-workspace");
  return {
    user: session.user,
    sessionId: session.sessionId,
    workspace: session.workspace,
    workspaces: session.workspaces,
  };
}
