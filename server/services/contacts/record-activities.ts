// ContactActivity rows (the per-contact timeline), written set-based in the transaction of the change.
import type { Tx } from "@/server/events/record-event";

export type ActivityInput = { contactId: string; type: string; data?: Record<string, unknown> };

export async function recordActivities(tx: Tx, workspaceId: string, activities: ActivityInput[]): Promise<void> {
  if (activities.length === 0) return;
  const items = activities.map((a) => ({ c: a.contactId, t: a.type, d: a.data ?? {} }));
  await tx.$executeRaw`
    INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
    SELECT gen_random_uuid(), ${workspaceId}::uuid, (a.v->>'c')::uuid, a.v->>'t', a.v->'d'
      FROM jsonb_array_elements(${JSON.stringify(items)}::jsonb) WITH ORDINALITY AS a(v, n)
     ORDER BY a.n`;
}
