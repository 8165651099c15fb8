import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { Automation, AutomationAnalytics } from "@/lib/schemas/automations";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getAutomation } from "@/server/services/automations/get-automation";
import { getAutomationAnalytics } from "@/server/services/automations/get-automation-analytics";
import type { AutomationNames } from "./describe";
import { loadAutomationNames } from "./load-names";
import type { ReportRange } from "./ranges";
import { automationNow } from "@/server/automations/clock";

export type AutomationReport = {
  automation: Automation;
  analytics: AutomationAnalytics;
  names: AutomationNames;
};

/**
 * Everything the report shows that moves: the automation (its status, counts and definition), its analytics over
 * the last `days` days, and the names its steps print. Polled while the page is open.
 */
export async function loadAutomationReport(
  workspaceId: string,
  id: string,
  days: ReportRange,
): Promise<AutomationReport> {
  // The automations' own clock (the system clock, unless a test moved it): runs are recorded on it.
  const to = await automationNow();
  const from = new Date(to.getTime() - days * 86_400_000);
  const [automation, analytics] = await Promise.all([
    getAutomation(workspaceId, id),
    getAutomationAnalytics(workspaceId, id, { from: from.toISOString(), to: to.toISOString() }),
  ]);
  return { automation, analytics, names: await loadAutomationNames(workspaceId, [automation]) };
}

/** The automation of a /automations/[id] page: another workspace's, a deleted one or a malformed id is not found. */
export const loadAutomationOr404 = cache(async (workspaceId: string, id: string, days: ReportRange) => {
  if (!ZUuid.safeParse(id).success) notFound();
  return loadAutomationReport(workspaceId, id, days).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
});
