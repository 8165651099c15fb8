// The signed-in user and their current workspace, for every dashboard page and action.
import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { listMemberships, type WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { hasAnyUser } from "@/server/services/users/create-first-user";
import { currentWorkspace, WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";

export type DashboardContext = {
  user: { id: string; email: string; name: string | null };
  workspace: WorkspaceMembership;
  workspaces: WorkspaceMembership[];
};

/** The context of a dashboard request; redirects to onboarding or sign-in when there is none. */
export async function requireDashboard(): Promise<DashboardContext> {
  const session = await getServerSession(authOptions);
  if (!session?.user?.id) redirect((await hasAnyUser()) ? "/signin" : "/onboarding");
  const workspaces = await listMemberships(session.user.id);
  if (workspaces.length === 0) redirect("/signin?error=no-workspace");
  const workspace = currentWorkspace(workspaces, (await cookies()).get(WORKSPACE_COOKIE)?.value)!;
  return {
    user: { id: session.user.id, email: session.user.email ?? "", name: session.user.name ?? null },
    workspace,
    workspaces,
  };
}
