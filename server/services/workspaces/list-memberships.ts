import { db } from "@/server/db/client";

export async function listMemberships(userId: string) {
  const rows = await db().membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { id: true, name: true, slug: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ ...r.workspace, role: r.role }));
}

export type WorkspaceMembership = Awaited<ReturnType<typeof listMemberships>>[number];
