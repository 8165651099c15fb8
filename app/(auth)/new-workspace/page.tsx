import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
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
    <Card className="px-6 py-7 shadow-sm sm:px-8">
      <h1 className="text-lg font-semibold text-slate-900">Create a workspace</h1>
      <p className="mt-1 text-sm text-slate-500">
        {session.user.email} is not a member of any workspace. Create one to start, or ask a workspace&apos;s owner or
        admin to invite this address.
      </p>
      <NewWorkspaceForm />
    </Card>
  );
}
