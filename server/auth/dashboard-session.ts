// The one session → membership → workspace lookup, shared by dashboard pages (requireDashboard), server actions
// (dashboardAction) and the dashboard's route handlers (withSession). The cookie only names a session; the
// Session row decides whether it is still signed in (revoked, expired or unknown: signed out).
import { findActiveSession } from "@/server/services/sessions/find-active-session";
import { listMemberships, type WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { currentWorkspace, WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { readSessionToken } from "./session-token";

type DashboardSession = {
  userId: string;
  sessionId: string;
  user: { id: string; email: string; name: string | null };
  /** null when the user belongs to no workspace. */
  workspace: WorkspaceMembership | null;
  workspaces: WorkspaceMembership[];
};

/** The signed-in user and current workspace for a request's cookies, or null when signed out. */
export async function dashboardSession(cookies: ReadonlyMap<string, string>): Promise<DashboardSession | null> {
  const token = await readSessionToken(cookies);
  const session = await findActiveSession(token?.sid);
  if (!session) return null;
  const workspaces = await listMemberships(session.userId);
  const workspace = currentWorkspace(workspaces, cookies.get(WORKSPACE_COOKIE)) ?? null;
  return { userId: session.userId, sessionId: session.id, user: session.user, workspace, workspaces };
}
