// Changing the sign-in email. The request (current password + new address) mails a confirmation link to the NEW
// address (24 hours, single use, replacing any earlier pending change) and a notice to the OLD one. The change
// happens when the link is opened, refused if another account took the address meanwhile.
import { AppError, isUniqueViolation } from "@/server/errors";
import { db } from "@/server/db/client";
import { appUrl } from "@/server/config";
import { renderEmailChangeConfirm, renderEmailChangeNotice } from "@/emails/email-change";
import {
  accountLink,
  claimAccountToken,
  EMAIL_CHANGE_TTL_MS,
  hashAccountToken,
  issueAccountToken,
} from "./account-token";
import { sendAccountEmail } from "./account-mail";
import { checkCurrentPassword } from "./check-current-password";

const TAKEN = "Another account already uses this address.";

/** `newEmail` is already normalised (ZRequestEmailChange). */
export async function requestEmailChange(input: {
  userId: string;
  newEmail: string;
  currentPassword: string;
  /** Where the request came from: wrong current passwords count against it (check-current-password.ts). */
  clientAddress?: string | null;
}) {
  const user = await checkCurrentPassword({
    userId: input.userId,
    password: input.currentPassword,
    clientAddress: input.clientAddress,
  });
  if (input.newEmail === user.email)
    throw new AppError("VALIDATION", "Check the highlighted fields.", [
      { pointer: "#/newEmail", detail: "This is already your email address." },
    ]);
  // Checked now to spare a confirmation that could only fail; checked again when the link is opened.
  if (await db().user.findUnique({ where: { email: input.newEmail }, select: { id: true } }))
    throw new AppError("CONFLICT", TAKEN, [{ pointer: "#/newEmail", detail: TAKEN }]);
  const { token, expiresAt } = await issueAccountToken({
    userId: user.id,
    purpose: "email_change",
    ttlMs: EMAIL_CHANGE_TTL_MS,
    newEmail: input.newEmail,
  });
  const base = appUrl();
  const key = hashAccountToken(token);
  const confirm = await renderEmailChangeConfirm({
    confirmUrl: accountLink("confirm-email", token, base),
    oldEmail: user.email,
    newEmail: input.newEmail,
  });
  await sendAccountEmail(input.newEmail, confirm, `email-change:${key}`);
  const notice = await renderEmailChangeNotice({
    oldEmail: user.email,
    newEmail: input.newEmail,
    accountUrl: `${base}/account`,
  });
  await sendAccountEmail(user.email, notice, `email-change-notice:${key}`);
  return { newEmail: input.newEmail, expiresAt };
}

/** The pending change shown on the account page (with "Cancel"), or null. */
export async function pendingEmailChange(userId: string) {
  const row = await db().accountToken.findFirst({
    where: { userId, purpose: "email_change", usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { newEmail: true, expiresAt: true, createdAt: true },
  });
  return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt, requestedAt: row.createdAt } : null;
}

/** Cancels the pending change: its link stops working. Answers whether there was one. */
export async function cancelEmailChange(userId: string): Promise<boolean> {
  const { count } = await db().accountToken.updateMany({
    where: { userId, purpose: "email_change", usedAt: null },
    data: { usedAt: new Date() },
  });
  return count > 0;
}

export const CONFIRM_LINK_PROBLEM = {
  expired: "This link has expired: email change links work for 24 hours. Ask for the change again.",
  used: "This link was already used or the change was cancelled.",
  unknown: "This link is not valid: it may have been replaced by a newer one, or copied incompletely.",
} as const;

/** Opening the link: the address changes now. Throws BAD_REQUEST for a dead link, CONFLICT if the address is taken. */
export async function confirmEmailChange(token: string): Promise<{ email: string }> {
  try {
    return await db().$transaction(async (tx) => {
      const claimed = await claimAccountToken(tx, token, "email_change");
      if (!claimed?.newEmail) {
        const row = await tx.accountToken.findUnique({
          where: { tokenHash: hashAccountToken(token) },
          select: { purpose: true, usedAt: true, expiresAt: true },
        });
        const state = !row || row.purpose !== "email_change" ? "unknown" : row.usedAt ? "used" : "expired";
        throw new AppError("BAD_REQUEST", CONFIRM_LINK_PROBLEM[state]);
      }
      const taken = await tx.user.findUnique({ where: { email: claimed.newEmail }, select: { id: true } });
      if (taken && taken.id !== claimed.userId) throw new AppError("CONFLICT", `${TAKEN} Your email was not changed.`);
      const user = await tx.user.update({
        where: { id: claimed.userId },
        data: { email: claimed.newEmail },
        select: { email: true },
      });
      return user;
    });
  } catch (error) {
    // Taken between the check and the update: the unique index decides, and the token stays unused (rolled back).
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `${TAKEN} Your email was not changed.`);
    throw error;
  }
}
