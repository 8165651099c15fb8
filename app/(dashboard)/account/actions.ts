"use server";
// The signed-in person's own account: accountAction (no workspace role involved; every member reaches it).
import { headers } from "next/headers";
import { z } from "zod";
import { accountAction } from "@/server/auth/dashboard-action";
import { clientAddress } from "@/server/auth/client-address";
import { ZChangePassword, ZEndSession, ZRequestEmailChange, ZUpdateProfile } from "@/lib/schemas/account-settings";
import { changePassword } from "@/server/services/account/change-password";
import { cancelEmailChange, requestEmailChange } from "@/server/services/account/email-change";
import { updateProfile } from "@/server/services/account/update-profile";
import { endOwnSession } from "@/server/services/sessions/list-sessions";
import { revokeOtherSessions } from "@/server/services/sessions/revoke-other-sessions";

export const updateProfileAction = accountAction(ZUpdateProfile, async ({ name }, { userId }) => {
  const user = await updateProfile({ userId, name });
  return { name: user.name };
});

export const requestEmailChangeAction = accountAction(ZRequestEmailChange, async (input, { userId }) => {
  const pending = await requestEmailChange({ userId, ...input, clientAddress: clientAddress(await headers()) });
  return { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() };
});

export const cancelEmailChangeAction = accountAction(z.object({}), async (_input, { userId }) => ({
  cancelled: await cancelEmailChange(userId),
}));

export const changePasswordAction = accountAction(ZChangePassword, async (input, { userId, sessionId }) =>
  changePassword({
    userId,
    sessionId,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    clientAddress: clientAddress(await headers()),
  }),
);

export const endSessionAction = accountAction(ZEndSession, async ({ sessionId }, ctx) => {
  await endOwnSession({ userId: ctx.userId, sessionId, currentSessionId: ctx.sessionId });
  return { ended: true };
});

export const endOtherSessionsAction = accountAction(z.object({}), async (_input, { userId, sessionId }) => ({
  ended: await revokeOtherSessions({ userId, keepSessionId: sessionId }),
}));
