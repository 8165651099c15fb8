// The signed-in person's own account: profile, email change, password change, forgot and reset password.
// Client-safe (the forms read the limits). The password rule is onboarding's (lib/schemas/account.ts).
import { z } from "zod";
import { ZEmail } from "./account";

export const NAME_MAX = 80;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters.`);
// The current password is checked against the stored hash, not against the rule it was made under.
const ZCurrentPassword = z
  .string()
  .min(1, "Enter your current password.")
  .max(PASSWORD_MAX, "That is not your password.");
/** Links carry 32 random bytes in base64url: 43 characters. Anything else is not one of ours. */
export const ZAccountLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid.");

export const ZUpdateProfile = z.object({
  name: z.string().trim().max(NAME_MAX, `At most ${NAME_MAX} characters.`),
});

export const ZRequestEmailChange = z.object({ newEmail: ZEmail, currentPassword: ZCurrentPassword });

export const ZChangePassword = z
  .object({ currentPassword: ZCurrentPassword, newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords differ.",
  });

export const ZForgotPassword = z.object({ email: ZEmail });

export const ZResetPassword = z
  .object({ token: ZAccountLinkToken, newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords differ.",
  });

export const ZEndSession = z.object({ sessionId: z.uuid("Choose a session.") });

export type UpdateProfileInput = z.infer<typeof ZUpdateProfile>;
export type RequestEmailChangeInput = z.infer<typeof ZRequestEmailChange>;
export type ChangePasswordInput = z.infer<typeof ZChangePassword>;
export type ResetPasswordInput = z.infer<typeof ZResetPassword>;
