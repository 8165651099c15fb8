import { db } from "@/server/db/client";
import { customFieldNotFound } from "./custom-field-record";

/**
 * Deletes the definition and, in the same transaction, its values from every contact (one UPDATE). No per-contact
 * contact.updated events: a field deletion is a schema change, and 100,000 events for it would flood webhooks.
 */
export async function deleteCustomField({ workspaceId, fieldId }: { workspaceId: string; fieldId: string }) {
  await db().$transaction(async (tx) => {
    const [field] = await tx.$queryRaw<{ key: string }[]>`
      DELETE FROM "CustomField" WHERE id = ${fieldId}::uuid AND "workspaceId" = ${workspaceId}::uuid RETURNING key`;
    if (!field) throw customFieldNotFound();
    await tx.$executeRaw`
      UPDATE "Contact" SET fields = fields - ${field.key}::text, "updatedAt" = now()
       WHERE "workspaceId" = ${workspaceId}::uuid AND fields ? ${field.key}::text`;
  });
}
