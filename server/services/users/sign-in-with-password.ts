import { AppError } from "@/server/errors";
import { verifyCredentials } from "./verify-credentials";
import { failSignInAttempt, passSignInAttempt, reserveSignInAttempt, signInKeys } from "./sign-in-throttle";

const throttledMessage = (seconds: number) => {
  // Whole seconds first: lockedUntil is stored to the millisecond, so a fresh 15-minute lock reads as 900.0004 s.
  const minutes = Math.max(1, Math.ceil(Math.floor(seconds) / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/**
 * Email + password sign-in, throttled per (account, client address), per client address, and slowed per account
 * (sign-in-throttle.ts). Returns the user, or null for wrong credentials; throws RATE_LIMITED while a lock holds for
 * this address, or while attempts still being answered fill its limit (each is counted before its compare). Both
 * answers are the same for an email without an account: its keys are counted and locked alike, and
 * verifyCredentials spends a bcrypt compare on it.
 */
export async function signInWithPassword(input: { email: unknown; password: unknown; clientAddress: string | null }) {
  const reserved = await reserveSignInAttempt(signInKeys(input.email, input.clientAddress));
  if ("lockSeconds" in reserved) throw new AppError("RATE_LIMITED", throttledMessage(reserved.lockSeconds));
  const { attempt } = reserved;
  let user;
  try {
    user = await verifyCredentials(input.email, input.password);
  } catch (error) {
    await passSignInAttempt(attempt, { forgetPair: false }).catch(() => {});
    throw error;
  }
  if (user) {
    await passSignInAttempt(attempt, { forgetPair: true });
    return user;
  }
  const lockStarted = await failSignInAttempt(attempt);
  if (lockStarted > 0) throw new AppError("RATE_LIMITED", throttledMessage(lockStarted));
  return null;
}
