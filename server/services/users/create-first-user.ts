import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Onboarding } from "@/lib/schemas/account";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { hashPassword } from "./password";

export async function hasAnyUser(): Promise<boolean> {
  return (await db().user.count({ take: 1 })) > 0;
}

/**
 * Onboarding: the very first user and their workspace, in one transaction. Refused once any user exists, so the
 * onboarding page can never be used to take over an installation.
 */
export async function createFirstUser(input: Onboarding) {
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(
    async (tx) => {
      // Serialises concurrent onboardings: only the first one sees an empty users table.
      await tx.$executeRaw`select pg_advisory_xact_lock(7220431002)`;
      if ((await tx.user.count()) > 0) throw new AppError("CONFLICT", "Sendwell is already set up. Sign in instead.");
      const user = await tx.user.create({
        data: { email: input.email.trim().toLowerCase(), name: input.name || null, passwordHash },
        select: { id: true, email: true },
      });
      const workspace = await createWorkspace({ name: input.workspaceName, ownerId: user.id, tx });
      return { user, workspace };
    },
    { timeout: 15_000 },
  );
}
