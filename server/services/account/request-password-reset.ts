// "Forgot password?": mails a reset link (1 hour, single use) to the address if an account has it. The answer is
// the same sentence whether or not it does, and takes the same path: the two throttle counts, then the lookup,
// the token and the email run after the answer (the action hands `delivery` to Next's after()), so neither the
// words nor the response time tell whether an account exists.
import { AppError } from "@/server/errors";
import { db } from "@/server/db/client";
import { renderPasswordResetEmail } from "@/emails/password-reset";
import { appUrl } from "@/server/config";
import { transportName } from "@/server/email/transports";
import { accountLink, hashAccountToken, issueAccountToken, RESET_TOKEN_TTL_MS } from "./account-token";
import { sendAccountEmail } from "./account-mail";
import { countResetRequest, RESET_LIMITS, resetClientKey, resetEmailKey } from "./reset-throttle";

export type ResetDelivery = "sent" | "no-account" | "limited";

/**
 * What the page says after a request. With the outbox transport no email leaves the server: account mail is only
 * printed to the server log (docs/team-and-accounts.md, "Offline, account mail is in the server log"), so the spam
 * folder is the wrong place to send someone; the person who runs Sendwell can find the link there.
 */
export const resetAnswer = (email: string, transport = transportName()) =>
  `If an account exists for ${email}, we sent it a link to choose a new password. It works for 1 hour. ` +
  (transport === "outbox"
    ? `This Sendwell does not deliver email yet: the link is in its server log, so ask the person who runs ` +
      `Sendwell to pass it on.`
    : `Check your spam folder if nothing arrives in a few minutes.`);

/**
 * `email` is already normalised (ZForgotPassword). Throws RATE_LIMITED only for the client address's limit, which
 * says nothing about any account; an address asked about too often gets the same answer and no email.
 */
export async function requestPasswordReset(input: { email: string; clientAddress: string | null }) {
  if (input.clientAddress) {
    const wait = await countResetRequest(resetClientKey(input.clientAddress), RESET_LIMITS.perClient);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new AppError(
        "RATE_LIMITED",
        `Too many password reset requests from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      );
    }
  }
  const overLimit = (await countResetRequest(resetEmailKey(input.email), RESET_LIMITS.perEmail)) > 0;
  const delivery: Promise<ResetDelivery> = overLimit ? Promise.resolve("limited") : deliverReset(input.email);
  // Never an unhandled rejection: the person already has their answer; the operator gets the log line.
  const settled = delivery.catch((error: unknown) => {
    console.error("password reset email failed", error);
    return "no-account" as const;
  });
  return { message: resetAnswer(input.email), delivery: settled };
}

async function deliverReset(email: string): Promise<ResetDelivery> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return "no-account";
  const { token } = await issueAccountToken({
    userId: user.id,
    purpose: "password_reset",
    ttlMs: RESET_TOKEN_TTL_MS,
  });
  const base = appUrl();
  const message = await renderPasswordResetEmail({
    resetUrl: accountLink("reset-password", token, base),
    appUrl: base,
  });
  await sendAccountEmail(user.email, message, `password-reset:${hashAccountToken(token)}`);
  return "sent";
}
