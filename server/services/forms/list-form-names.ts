// Every form of a workspace by id and name, deleted ones included (marked): how a contact's source (`form:<id>`)
// and the timeline's form entries name the form they came from. A workspace has tens of forms, not thousands.
import { db } from "@/server/db/client";
import type { FormName } from "@/lib/schemas/forms";

export async function listFormNames({ workspaceId }: { workspaceId: string }): Promise<FormName[]> {
  const rows = await db().form.findMany({
    where: { workspaceId },
    select: { id: true, name: true, deletedAt: true },
    orderBy: { createdAt: "desc" },
    take: 1_000,
  });
  return rows.map((r) => ({ id: r.id, name: r.name, deleted: r.deletedAt !== null }));
}
