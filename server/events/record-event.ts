// The Event log (webhooks read it in `seq` order). Always written through the transaction of the change it
// describes, so an event exists if and only if its change committed.
import type { Prisma } from "@/server/db/client";

/** The client handed to `db().$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

export type EventInput = { workspaceId: string; type: string; payload: Record<string, unknown> };

export async function recordEvent(tx: Tx, e: EventInput): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Event" (id, "workspaceId", type, payload)
    VALUES (gen_random_uuid(), ${e.workspaceId}::uuid, ${e.type}, ${JSON.stringify(e.payload)}::jsonb)`;
}

/** Many events of one workspace in one statement, `seq` following the array order (batch upserts, imports). */
export async function recordEvents(
  tx: Tx,
  workspaceId: string,
  events: { type: string; payload: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "Event" (id, "workspaceId", type, payload)
    SELECT gen_random_uuid(), ${workspaceId}::uuid, e.v->>'type', e.v->'payload'
      FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS e(v, n)
     ORDER BY e.n`;
}
