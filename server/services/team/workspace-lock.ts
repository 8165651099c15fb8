// Changes to a workspace's members (role changes, removals, ownership transfers, joins) take the workspace row's
// lock first, so two of them cannot interleave: two transfers racing would otherwise both read "I am the owner"
// and leave two owners, or a removal could land between a transfer's check and its update.
import type { Prisma } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Role } from "@/lib/permissions";

export async function lockWorkspace(tx: Prisma.TransactionClient, workspaceId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Workspace" WHERE id = ${workspaceId}::uuid FOR UPDATE`;
  if (!rows.length) throw new AppError("NOT_FOUND", "Workspace not found.");
}

/** The role a user holds now, read under the lock (the session's role may be a moment old). */
export async function currentRole(tx: Prisma.TransactionClient, workspaceId: string, userId: string) {
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { role: true },
  });
  return (membership?.role ?? null) as Role | null;
}
