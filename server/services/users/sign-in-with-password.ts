import { AppError } from "@/server/errors";
import { verifyCredentials } from "./verify-credentials";
import { clearSignInFailures, recordSignInFailure, signInKeys, signInLockSeconds } from "./sign-in-throttle";

const throttledMessage = (seconds: number) => {
  // Whole seconds first: lockedUntil is stored to the millisecond, so a fresh 15-minute lock reads as 900.0004 s.
  const minutes = Math.max(1, Math.ceil(Math.floor(seconds) / 60));
  return `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/**
 * Email + password sign-in, throttled per (account, client address), per client address, and slowed per account
 * (sign-in-throttle.ts). Returns the user, or null for wrong credentials; throws RATE_LIMITED while a lock holds for
 * this address. Both answers are the same for an email without an account: its keys are counted and locked alike,
 * and verifyCredentials spends a bcrypt compare on it.
 */
export async function signInWithPassword(input: { email: unknown; password: unknown; clientAddress: string | null }) {
  const keys = signInKeys(input.email, input.clientAddress);
  const locked = await signInLockSeconds(keys);
  if (locked > 0) throw new AppError("RATE_LIMITED", throttledMessage(locked));
  const user = await verifyCredentials(input.email, input.password);
  if (user) {
    await clearSignInFailures(signInKeys(user.email, input.clientAddress));
    return user;
  }
  const lockStarted = await recordSignInFailure(keys);
  if (lockStarted > 0) throw new AppError("RATE_LIMITED", throttledMessage(lockStarted));
  return null;
}
