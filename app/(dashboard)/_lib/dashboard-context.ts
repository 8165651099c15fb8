import "server-only";
import { cache } from "react";
import { requireDashboard } from "@/server/auth/session";

/** requireDashboard once per request: the layout and the page both need it. */
export const dashboardContext = cache(requireDashboard);
