// Password change from the account page: the current password first, then the new one; every OTHER session of
// the user ends (a device that knew the old password is signed out), the one making the change stays signed in.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/services/users/password";
import { revokeOtherSessions } from "@/server/services/sessions/revoke-other-sessions";
import { checkCurrentPassword } from "./check-current-password";

export async function changePassword(input: {
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** Where the request came from: wrong current passwords count against it (check-current-password.ts). */
  clientAddress?: string | null;
}): Promise<{ otherSessionsEnded: number }> {
  await checkCurrentPassword({
    userId: input.userId,
    password: input.currentPassword,
    clientAddress: input.clientAddress,
  });
  if (input.newPassword === input.currentPassword)
    throw new AppError("VALIDATION", "Check the highlighted fields.", [
      { pointer: "#/newPassword", detail: "Choose a password different from the current one." },
    ]);
  await db().user.update({
    where: { id: input.userId },
    data: { passwordHash: await hashPassword(input.newPassword) },
  });
  const otherSessionsEnded = await revokeOtherSessions({ userId: input.userId, keepSessionId: input.sessionId });
  return { otherSessionsEnded };
}
