import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "../_components/auth-card";
import { dashboardSession } from "@/server/auth/dashboard-session";
import { requestCookies } from "@/server/auth/request-cookies";
import { NewWorkspaceForm } from "./_components/new-workspace-form";

export const metadata: Metadata = { title: "Create a workspace" };
export const dynamic = "force-dynamic";

/** Where the dashboard sends a signed-in person who belongs to no workspace. */
export default async function NewWorkspacePage() {
  const session = await dashboardSession(await requestCookies());
  if (!session) redirect("/signin");
  if (session.workspace) redirect("/");
  return (
    <AuthCard
      title="Create a workspace"
      description={
        <>
          {session.user.email} is not a member of any workspace. Create one to start, or ask a workspace&apos;s owner or
          admin to invite this address.
        </>
      }
    >
      <NewWorkspaceForm />
    </AuthCard>
  );
}
