import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { DeliverabilityRules } from "@/lib/schemas/deliverability-rules";

export const deliverabilityRulesSelect = { softBounceLimit: true, softBounceWindowDays: true } as const;

/** The workspace's soft-bounce rule (the hard-bounce and complaint rules have no settings). */
export async function getDeliverabilityRules({ workspaceId }: { workspaceId: string }): Promise<DeliverabilityRules> {
  const row = await db().workspace.findUnique({ where: { id: workspaceId }, select: deliverabilityRulesSelect });
  if (!row) throw new AppError("NOT_FOUND", "Workspace not found");
  return row;
}
