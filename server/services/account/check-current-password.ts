// The current password guards the changes a stolen session must not make alone (password, email). Wrong answers
// count against the account's sign-in throttle, so a session cannot be used to guess the password either.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { verifyPassword } from "@/server/services/users/password";
import { accountKey, recordSignInFailure, signInLockSeconds } from "@/server/services/users/sign-in-throttle";

export async function checkCurrentPassword(userId: string, password: string, field = "currentPassword") {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
  const key = accountKey(user.email);
  const locked = await signInLockSeconds([key]);
  if (locked > 0) {
    const minutes = Math.max(1, Math.ceil(Math.floor(locked) / 60));
    throw new AppError(
      "RATE_LIMITED",
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordSignInFailure([key]);
    throw new AppError("VALIDATION", "Check the highlighted fields.", [
      { pointer: `#/${field}`, detail: "That is not your current password." },
    ]);
  }
  return { id: user.id, email: user.email, name: user.name };
}
