import type { Metadata } from "next";
import { listTeam } from "@/server/services/team/list-team";
import { dashboardContext } from "../../_lib/dashboard-context";
import { TeamView } from "./_components/team-view";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { workspace, user } = await dashboardContext("team");
  const team = await listTeam({ workspaceId: workspace.id });
  return (
    <TeamView
      key={workspace.id}
      workspaceName={workspace.name}
      myRole={workspace.role}
      myUserId={user.id}
      members={team.members}
      invitations={team.invitations}
    />
  );
}
