// Opening a reset link and choosing a new password: the token is used once, the password set, every session of
// the user ended (whoever knew the old password is out), and the sign-in throttle of the account cleared (its count
// and every address's lock on it) so the person can sign in at once with the new one, wherever they are.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { clearAccountThrottle } from "@/server/services/users/sign-in-throttle";
import { hashPassword } from "@/server/services/users/password";
import { claimAccountToken, inspectAccountToken } from "./account-token";

export const RESET_LINK_PROBLEM = {
  expired: "This link has expired: reset links work for 1 hour.",
  used: "This link was already used: each reset link works once.",
  unknown: "This link is not valid: it may have been replaced by a newer one, or copied incompletely.",
} as const;

/** For the reset page: whether to show the form, or say why the link no longer works. */
export async function resetLinkState(token: string) {
  const { state } = await inspectAccountToken(token, "password_reset");
  return state;
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<{ email: string }> {
  // Hashing is slow (bcrypt): before the transaction, so it holds no row locks meanwhile.
  const passwordHash = await hashPassword(input.newPassword);
  const user = await db().$transaction(async (tx) => {
    const claimed = await claimAccountToken(tx, input.token, "password_reset");
    if (!claimed) {
      const { state } = await inspectAccountToken(input.token, "password_reset", tx);
      throw new AppError("BAD_REQUEST", RESET_LINK_PROBLEM[state === "valid" ? "used" : state]);
    }
    const now = new Date();
    const updated = await tx.user.update({
      where: { id: claimed.userId },
      data: { passwordHash },
      select: { id: true, email: true },
    });
    await tx.session.updateMany({ where: { userId: updated.id, revokedAt: null }, data: { revokedAt: now } });
    // Any other reset link still out there is worthless now.
    await tx.accountToken.updateMany({
      where: { userId: updated.id, purpose: "password_reset", usedAt: null },
      data: { usedAt: now },
    });
    return updated;
  });
  await clearAccountThrottle(user.email);
  return { email: user.email };
}
