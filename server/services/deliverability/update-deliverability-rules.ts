import { db } from "@/server/db/client";
import type { DeliverabilityRules } from "@/lib/schemas/deliverability-rules";
import { deliverabilityRulesSelect } from "./get-deliverability-rules";

/**
 * Sets how many soft bounces within how many days suppress a contact. Applies to the next soft bounce: contacts the
 * old numbers did not suppress are not re-examined (their next soft bounce counts the window again).
 */
export async function updateDeliverabilityRules({
  workspaceId,
  input,
}: {
  workspaceId: string;
  input: DeliverabilityRules;
}): Promise<DeliverabilityRules> {
  return db().workspace.update({ where: { id: workspaceId }, data: input, select: deliverabilityRulesSelect });
}
