// Members and invitations (Settings → Team, the invitation page). Client-safe: the forms read the limits.
import { z } from "zod";
import { ROLES } from "../permissions";
import { ZEmail } from "./account";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./account-settings";

export const INVITATION_TTL_DAYS = 7;
/** Sends (first + resends) of one invitation in a day: enough for typos and spam folders, too few to flood anyone. */
export const INVITATION_SENDS_PER_DAY = 5;

const ZRole = z.enum(ROLES, "Choose a role.");
const ZUserId = z.uuid("Choose a member.");

/** Invitation links carry 32 random bytes in base64url: 43 characters. */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid.");

export const ZInviteMember = z.object({ email: ZEmail, role: ZRole });
export const ZInvitationId = z.object({ id: z.uuid("Choose an invitation.") });
export const ZChangeMemberRole = z.object({ userId: ZUserId, role: ZRole });
export const ZRemoveMember = z.object({ userId: ZUserId });
export const ZTransferOwnership = z.object({
  userId: ZUserId,
  /** The workspace's name typed again: a transfer cannot be undone by the one who made it. */
  confirmName: z.string().max(200),
});
export const ZAcceptInvitation = z.object({ token: ZInvitationToken });
export const ZSignUpFromInvitation = z.object({
  token: ZInvitationToken,
  name: z.string().trim().min(1, "Enter your name.").max(NAME_MAX, `At most ${NAME_MAX} characters.`),
  password: z
    .string()
    .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`),
});

export type InviteMemberInput = z.infer<typeof ZInviteMember>;
