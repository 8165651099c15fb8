import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { can, type Area } from "@/lib/permissions";
import { requireDashboard } from "@/server/auth/session";

/** requireDashboard once per request: the layout and the page both need it. */
const dashboardRequest = cache(requireDashboard);

/**
 * The signed-in user and current workspace for a dashboard page of `area`. A role that does not reach the area
 * (lib/permissions) is sent to the page that says so and who can help, instead of seeing the page.
 */
export async function dashboardContext(area: Area) {
  const context = await dashboardRequest();
  if (!can(context.workspace.role, area)) redirect(`/no-access?area=${area}`);
  return context;
}
