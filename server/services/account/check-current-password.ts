// The current password guards the changes a stolen session must not make alone (password, email). Wrong answers
// count as failed sign-ins from the client's address (sign-in-throttle.ts), so a session cannot be used to guess
// the password either: five lock that address out of the account, as at the sign-in form.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { verifyPassword } from "@/server/services/users/password";
import {
  failSignInAttempt,
  passSignInAttempt,
  reserveSignInAttempt,
  signInKeys,
} from "@/server/services/users/sign-in-throttle";

export async function checkCurrentPassword(
  input: { userId: string; password: string; clientAddress?: string | null },
  field = "currentPassword",
) {
  const user = await db().user.findUnique({
    where: { id: input.userId },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
  const reserved = await reserveSignInAttempt(signInKeys(user.email, input.clientAddress ?? null));
  if ("lockSeconds" in reserved) {
    const minutes = Math.max(1, Math.ceil(Math.floor(reserved.lockSeconds) / 60));
    throw new AppError(
      "RATE_LIMITED",
      `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  let right: boolean;
  try {
    right = await verifyPassword(input.password, user.passwordHash);
  } catch (error) {
    await passSignInAttempt(reserved.attempt, { forgetPair: false }).catch(() => {});
    throw error;
  }
  // A right answer gives its attempt back but forgets no earlier failures (a session is not a sign-in).
  if (right) await passSignInAttempt(reserved.attempt, { forgetPair: false });
  else {
    await failSignInAttempt(reserved.attempt);
    throw new AppError("VALIDATION", "Check the highlighted fields.", [
      { pointer: `#/${field}`, detail: "That is not your current password." },
    ]);
  }
  return { id: user.id, email: user.email, name: user.name };
}
