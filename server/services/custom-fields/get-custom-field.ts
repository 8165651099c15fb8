import { db } from "@/server/db/client";
import { customFieldNotFound, customFieldSelect, toCustomField } from "./custom-field-record";

export async function getCustomField({ workspaceId, fieldId }: { workspaceId: string; fieldId: string }) {
  const row = await db().customField.findFirst({ where: { id: fieldId, workspaceId }, select: customFieldSelect });
  if (!row) throw customFieldNotFound();
  return toCustomField(row);
}
